export { LogSigningKey, logSigningKeyFile, readLogPublicKey, verifySignature } from './signing-key.js';
export { digestForAuditor, digestStatement, readNewestDigest, type LogDigest } from './digest.js';
export { logNeedsSeal, sealLog } from './seal.js';
export { verifyLog, type LogVerification } from './verify.js';
export { copyFirstCoveringDigestsIn, copyFirstCoveringDigestsOut, prepareFirstCoveringDigestsIn, recordRestore } from './restore-record.js';
