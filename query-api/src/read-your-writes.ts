import type { RequestHandler } from 'express';
import { type Pool } from '@shop/infra';
import { HttpError, sessionWritesOf, type SessionWrites } from '@shop/http-shell';
import { ProjectionProgress, type AppliedBatch, type StreamRevision } from './projection-progress.js';

export const MIN_REVISION_HEADER = 'X-Min-Revision';
export const MIN_REVISION_STATUS_HEADER = 'X-Min-Revision-Status';

export interface ReadYourWritesOptions {
  /** How long a read that names `X-Min-Revision` may wait for the projections (docs/decisions/0062): 3 s. */
  maxWaitMs?: number;
  /** How long a read waits for its own session's writes (docs/decisions/0210): 2 s; 0 turns that off. */
  sessionWaitMs?: number;
  /**
   * Where the projectors run in this process: subscribes to what each committed batch applied, per
   * projection, so a waiting read goes on at once rather than at its next poll (projection-progress.ts).
   */
  onApplied?: (listener: (batch: AppliedBatch) => void) => void;
  /** With `onApplied`: subscribes to the projectors' finding that the database lost batches they reported (a server restart, decision 0294). */
  onLost?: (listener: () => void) => void;
}

const HEADER_FORMAT = /^(.+)@(-?\d+)$/;

/** One per database: what this process knows the projections have applied is shared by every route. */
const progressByPool = new WeakMap<Pool, ProjectionProgress>();

function progressOf(pool: Pool): ProjectionProgress {
  let progress = progressByPool.get(pool);
  if (!progress) progressByPool.set(pool, (progress = new ProjectionProgress(pool)));
  return progress;
}

/**
 * Read-your-writes for a route that reads `projections`, so that a read never answers from
 * before a write the reader made. Per-stream revisions are stored with the rows, so this works
 * when the query API runs in another process than the projectors and the command API.
 *
 * - `X-Min-Revision: <streamId>@<revision>` (docs/decisions/0062): the read waits until every
 *   one of the route's projections has applied that revision, and always answers
 *   `X-Min-Revision-Status: reached` or `timeout`. It wins over the session's writes.
 * - Without it (docs/decisions/0210): the read waits for every stream the session wrote (noted
 *   by the command API in the shared session). When that is nothing, or this process has already
 *   seen all of it applied, the read goes straight on without a query and without the status
 *   header; otherwise it waits and says `reached` or `timeout`.
 */
export function readYourWrites(pool: Pool, projections: readonly string[], options: ReadYourWritesOptions = {}): RequestHandler {
  const headerWaitMs = options.maxWaitMs ?? 3000;
  const sessionWaitMs = options.sessionWaitMs ?? 2000;
  const progress = progressOf(pool);
  if (options.onApplied) progress.follow(options.onApplied, options.onLost);
  const statusOf = async (header: string | undefined, session: SessionWrites | undefined): Promise<string | undefined> => {
    if (header) return progress.waitFor(projections, [parseMinRevision(header)], headerWaitMs);
    const pending = sessionWaitMs > 0 ? progress.unseen(projections, sessionWritesOf(session)) : [];
    return pending.length > 0 ? progress.waitFor(projections, pending, sessionWaitMs) : undefined;
  };
  return async (req, res, next) => {
    const status = await statusOf(req.get(MIN_REVISION_HEADER), req.session);
    if (status) res.set(MIN_REVISION_STATUS_HEADER, status);
    next();
  };
}

function parseMinRevision(header: string): StreamRevision {
  const match = HEADER_FORMAT.exec(header.trim());
  if (!match) throw new HttpError(400, `${MIN_REVISION_HEADER} must look like <streamId>@<revision>.`);
  return { streamId: match[1]!, revision: Number(match[2]) };
}
