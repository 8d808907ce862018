import type { Response } from 'express';

/**
 * A read's whole answer, before any transport: what the Express routes send with `sendAnswer` and
 * the hot reads in front of Express (hot-reads.ts) write themselves, so both send the same bytes
 * from one handler.
 */
export interface JsonAnswer {
  status: number;
  /** Headers of this answer besides its type, length and encoding (ETag, X-Total-Count…). */
  headers: Record<string, string>;
  /** The body, serialized once. */
  json: string;
}

export function jsonAnswer(body: unknown, headers: Record<string, string> = {}, status = 200): JsonAnswer {
  return { status, headers, json: JSON.stringify(body) };
}

/**
 * Sends an answer through Express as `res.json` would: JSON with a UTF-8 charset, a weak ETag and
 * a 304 to a matching If-None-Match unless the answer carries its own tag.
 */
export function sendAnswer(res: Response, answer: JsonAnswer): void {
  res.status(answer.status).set(answer.headers).type('json').send(answer.json);
}
