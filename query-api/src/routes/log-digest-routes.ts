import { Router } from 'express';
import { digestForAuditor, digestStatement, readNewestDigest, verifySignature } from '@shop/event-store';
import { documentRead, errorResponse, HttpError, requireStaff } from '@shop/http-shell';
import type { QueryDeps } from '../deps.js';
import { LogDigestForAuditor } from '../openapi/response-schemas.js';

/**
 * The staff audit page's "History verified up to … at …" and its download (decision 0350): the
 * newest signed digest, exactly as `npm run verify-log --digest-out` writes it, once its signature
 * checks. One row and one Ed25519 check: a request never recomputes the chain, which is
 * `npm run verify-log`'s job against the digest an auditor keeps.
 */
export function logDigestRoutes(deps: QueryDeps): Router {
  const router = Router();
  documentRead(deps.registry, {
    path: '/internal/log-digest/',
    summary: 'The newest signed digest of the event log, as `npm run verify-log --digest-out` writes it, for an auditor to keep',
    tag: 'Operations',
    access: 'staff',
    response: LogDigestForAuditor,
    responses: {
      204: { description: 'No digest seals the log yet (a fresh shop seals it within LOG_SEAL_MINUTES, and at every stop).' },
      409: errorResponse('The newest digest’s signature does not verify: run npm run verify-log.'),
    },
  });
  router.get('/internal/log-digest/', async (req, res) => {
    requireStaff(req);
    const digest = await readNewestDigest(deps.pool);
    // Not sealed yet is a normal state of a young shop, not an error the staff page should log.
    if (!digest) return void res.set('Cache-Control', 'no-store').status(204).end();
    if (!verifySignature(digest.publicKey, digestStatement(digest), digest.signature)) {
      throw new HttpError(409, `The signature of digest ${digest.digestId} does not verify: run npm run verify-log.`);
    }
    res
      .set('Cache-Control', 'no-store')
      .attachment(`shop-log-digest-${digest.digestId}.json`)
      .json(digestForAuditor(digest));
  });
  return router;
}
