export { eventHash, HASHED_COLUMNS_SQL, type HashedEventFields } from './event-hash.js';
export { merkleRoot, type StreamHead } from './merkle.js';
export { LogSigningKey, logSigningKeyFile, publicKeyPem, readLogPublicKey, verifySignature } from './signing-key.js';
export { digestForAuditor, digestStatement, readDigests, readNewestDigest, type LogDigest } from './digest.js';
export { logNeedsSeal, sealLog } from './seal.js';
export { verifyLog, type LogFault, type LogVerification } from './verify.js';
export {
  copyFirstCoveringDigestsIn,
  copyFirstCoveringDigestsOut,
  prepareFirstCoveringDigestsIn,
  recordRestore,
  type RestoreRecord,
} from './restore-record.js';
