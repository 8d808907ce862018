import type { RequestHandler } from 'express';
import { HttpError, type Pool } from '@shop/infra';

export const MIN_REVISION_HEADER = 'X-Min-Revision';
export const MIN_REVISION_STATUS_HEADER = 'X-Min-Revision-Status';

export interface ReadYourWritesOptions {
  /** How long a read may wait for the projections (docs/decisions/0062). */
  maxWaitMs?: number;
}

const HEADER_FORMAT = /^(.+)@(-?\d+)$/;

/**
 * Read-your-writes (docs/decisions/0062-read-your-writes.md): with `X-Min-Revision:
 * <streamId>@<revision>` the read waits until every projection it reads from has applied that
 * revision of that stream (per-stream revisions are stored with the rows, so this works when the
 * query API runs in another process than the projectors), then answers. After `maxWaitMs` it
 * answers anyway; `X-Min-Revision-Status` says `reached` or `timeout`.
 */
export function readYourWrites(pool: Pool, projections: readonly string[], options: ReadYourWritesOptions = {}): RequestHandler {
  const maxWaitMs = options.maxWaitMs ?? 3000;
  return async (req, res, next) => {
    const header = req.get(MIN_REVISION_HEADER);
    if (!header) return next();
    const match = HEADER_FORMAT.exec(header.trim());
    if (!match) throw new HttpError(400, `${MIN_REVISION_HEADER} must look like <streamId>@<revision>.`);
    const reached = await waitForRevision(pool, projections, match[1]!, Number(match[2]), maxWaitMs);
    res.set(MIN_REVISION_STATUS_HEADER, reached ? 'reached' : 'timeout');
    next();
  };
}

async function waitForRevision(pool: Pool, projections: readonly string[], streamId: string, revision: number, maxWaitMs: number): Promise<boolean> {
  const deadline = Date.now() + maxWaitMs;
  let pause = 5;
  for (;;) {
    if (await hasReached(pool, projections, streamId, revision)) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    pause = Math.min(pause * 2, 100);
  }
}

async function hasReached(pool: Pool, projections: readonly string[], streamId: string, revision: number): Promise<boolean> {
  const result = await pool.query<{ reached: number }>(
    `SELECT count(*)::int AS reached FROM projection_stream_revisions
      WHERE projection = ANY($1) AND stream_id = $2 AND revision >= $3`,
    [projections, streamId, revision],
  );
  return (result.rows[0]?.reached ?? 0) >= projections.length;
}
