import { hash } from 'node:crypto';
import type { Response } from 'express';

/*
 * Entity tags of the resources a client writes back (docs/decisions/0175-etag-and-if-match.md):
 * `"<stream revision>-<digest of the answer>"`. The revision is what a write's If-Match is judged
 * on (the same check as the body's `revision`); the digest makes the tag change with every byte of
 * the representation, names of other people shown in it included, so a 304 never serves stale
 * bytes and the tag may be strong (RFC 9110 §8.8.1) as If-Match's strong comparison needs.
 */

/**
 * Answers `body`, the representation of a stream at `revision`, as JSON with its strong `ETag`:
 * serialized once, for the digest and the answer both. Express answers 304 to a matching
 * If-None-Match.
 */
export function sendWithEntityTag(res: Response, revision: number, body: unknown, status = 200): void {
  const json = JSON.stringify(body);
  // One-shot: no Hash object per answer.
  const digest = hash('sha256', json, 'base64url').slice(0, 16);
  res.status(status).set('ETag', `"${revision}-${digest}"`).type('json').send(json);
}

/**
 * The stream revision a tag names: one of ours (`"5-…"`), or a bare `"5"` a client made from a
 * body's `revision`. Null for anything else (weak tags never match strongly; lists are not ours).
 */
export function revisionOfEntityTag(tag: string): number | null {
  const match = /^"(\d{1,15})(?:-[A-Za-z0-9_-]{1,64})?"$/.exec(tag.trim());
  return match ? Number(match[1]) : null;
}
