import type { Request } from 'express';
import { z } from 'zod';
import { ConcurrencyError } from '@shop/infra';
import { HttpError, revisionOfEntityTag, toErrorBody } from '@shop/http-shell';

/*
 * `If-Match` (RFC 9110 §13.1.1) beside the body's `revision` (docs/decisions/0175-etag-and-if-match.md).
 * Reads answer `ETag: "<stream revision>-<digest>"`; a write may send that tag back instead of, or as
 * well as, `revision`. Both name the revision the client last saw and are judged the same way.
 */

const MALFORMED = 'If-Match must be one ETag this API answered, like "3-Yx8d…" (or "3").';

/** The revision an `If-Match` header names; undefined when there is none or it is `*` (any current state). */
export function ifMatchRevision(req: Request): number | undefined {
  const header = req.get('if-match')?.trim();
  if (!header || header === '*') return undefined;
  const revision = revisionOfEntityTag(header);
  // Our tags are strong and single; a weak one can never match (strong comparison), a list is not ours.
  if (revision === null) throw new HttpError(400, MALFORMED, [{ field: 'If-Match', message: MALFORMED }]);
  return revision;
}

/** Where a route takes the client's revision: the JSON body, the query (DELETE), or nowhere. */
export function revisionPlace(input: { body?: z.ZodType; query?: z.ZodType } | undefined): 'body' | 'query' | null {
  if (input?.body instanceof z.ZodObject && 'revision' in input.body.shape) return 'body';
  if (input?.query instanceof z.ZodObject && 'revision' in input.query.shape) return 'query';
  return null;
}

/**
 * The request's `{ body, params, query }` with the If-Match revision put where the route reads
 * `revision`. A body revision that names another revision than If-Match is a confused client: 400.
 */
export function withIfMatch(req: Request, place: 'body' | 'query' | null, revision: number): { body: unknown; params: unknown; query: unknown } {
  if (place === null) throw new HttpError(400, 'This request does not take If-Match.');
  const body: unknown = req.body ?? {};
  const query = req.query as Record<string, unknown>;
  const sent = place === 'body' ? (typeof body === 'object' && body !== null ? (body as Record<string, unknown>).revision : undefined) : query.revision;
  if (sent !== undefined && sent !== null && String(sent) !== String(revision)) {
    throw new HttpError(400, 'If-Match and revision name different revisions; send one of them.', [{ field: 'revision', message: 'If-Match and revision name different revisions; send one of them.' }]);
  }
  if (place === 'query') return { body, params: req.params, query: { ...query, revision: String(revision) } };
  return { body: typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, revision } : body, params: req.params, query };
}

/** A stale revision that came as If-Match is a failed precondition: 412, with the same sentence as the 409. */
export function asPreconditionFailed(error: unknown): unknown {
  return error instanceof ConcurrencyError ? new HttpError(412, toErrorBody(error).message) : error;
}
