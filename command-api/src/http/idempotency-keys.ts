import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { nameBasedUuid, type IdGenerator, type Logger, type Pool } from '@shop/infra';
import { callerScopeOf, HttpError } from '@shop/http-shell';
import { servingRequestNow } from './session-writes.js';

/*
 * Idempotency-Key on every state-changing request under /api/ (decision 0325), in the manner of
 * the IETF draft "The Idempotency-Key HTTP Header Field": the first answer to a caller's key is
 * kept in PostgreSQL for 24 hours and sent again for a repeat of the same request; the key with
 * another request is a 422; a repeat while the first still runs waits for its answer, then 409.
 * The events the request appends get ids derived from the key (KeyedIds below), so a repeat that
 * runs again after a crash is recognised by the command handler as the append already made.
 */

const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Sent with an answer that is the stored first answer, not a new one. */
const REPLAYED_HEADER = 'Idempotent-Replayed';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Printable ASCII, as the draft's sf-string allows; quotes around it (its serialised form) are taken off. */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
/**
 * Log-in and log-out are left alone: they change no shop state, and a kept log-in answer sent
 * again would come without the session cookie the first one set.
 */
const WITHOUT_KEYS = new Set(['/sessions/']);

/** How long a repeat waits for the first request's answer, and how long a running request holds its key. */
const WAIT_MS = 10_000;
const POLL_MS = 50;
const LEASE = '30 seconds';
const KEEP = '24 hours';
const SWEEP_EVERY_MS = 60_000;
/** Answer headers kept with the answer; never Set-Cookie (the session is the caller's own). */
const KEPT_HEADERS = ['content-type', 'etag', 'location'];

const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still being answered. Try again in a moment.';
const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request. Send a new key with each new request.';

interface Keyed {
  scope: string;
  key: string;
  /** Ids made so far for this request (KeyedIds). */
  ids: number;
}

const keyedRequests = new WeakMap<Request, Keyed>();

interface StoredRow {
  fingerprint: string;
  answer_status: number | null;
  answer_headers: Record<string, string> | null;
  answer_body: Buffer | null;
}

export function idempotencyKeys(pool: Pool, logger: Logger): RequestHandler {
  let lastSweep = 0;
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    pool.query('DELETE FROM idempotent_requests WHERE expires_at < now()').catch((error: unknown) => logger.warn({ err: error }, 'idempotency key sweep failed'));
  };
  return (req, res, next) => {
    const header = req.get(IDEMPOTENCY_HEADER);
    if (header === undefined || !WRITES.has(req.method) || WITHOUT_KEYS.has(req.path)) return next();
    const scope = callerScopeOf(req);
    if (scope === null) return next();
    const key = parseKey(header);
    if (key === null) return next(new HttpError(400, 'The Idempotency-Key header must be 1 to 255 printable characters.'));
    const fingerprint = fingerprintOf(req);
    sweep();
    claimOrReplay(pool, scope, key, fingerprint, res)
      .then((claimed) => {
        if (!claimed) return;
        keyedRequests.set(req, { scope, key, ids: 0 });
        keepAnswer(pool, logger, scope, key, res);
        next();
      })
      .catch(next);
  };
}

function parseKey(header: string): string | null {
  const key = /^"(.*)"$/.exec(header.trim())?.[1] ?? header.trim();
  return KEY_PATTERN.test(key) ? key : null;
}

/**
 * What makes a repeat "the same request": method, path and query, and the body as parsed. An
 * upload's body is not parsed yet here: its length stands for it (not its type, whose multipart
 * boundary a browser may draw afresh when it sends the same form again).
 */
function fingerprintOf(req: Request): string {
  const body = req.is('application/json') ? JSON.stringify(req.body ?? null) : `length ${req.get('content-length') ?? ''}`;
  return createHash('sha256').update(`${req.method} ${req.originalUrl}\n${body}`).digest('base64url');
}

/**
 * True when this request is the key's first (or takes over one whose process died mid-request);
 * otherwise the kept answer (or a 409/422) has been sent.
 */
async function claimOrReplay(pool: Pool, scope: string, key: string, fingerprint: string, res: Response): Promise<boolean> {
  const waitUntil = Date.now() + WAIT_MS;
  for (;;) {
    const claim = await pool.query(
      `INSERT INTO idempotent_requests (scope, idempotency_key, fingerprint, locked_until, expires_at)
       VALUES ($1, $2, $3, now() + interval '${LEASE}', now() + interval '${KEEP}')
       ON CONFLICT (scope, idempotency_key) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, locked_until = EXCLUDED.locked_until, expires_at = EXCLUDED.expires_at,
             answer_status = NULL, answer_headers = NULL, answer_body = NULL
         WHERE idempotent_requests.expires_at < now()
            OR (idempotent_requests.answer_status IS NULL AND idempotent_requests.locked_until < now()
                AND idempotent_requests.fingerprint = EXCLUDED.fingerprint)
       RETURNING 1`,
      [scope, key, fingerprint],
    );
    if (claim.rowCount === 1) return true;
    const { rows } = await pool.query<StoredRow>(
      'SELECT fingerprint, answer_status, answer_headers, answer_body FROM idempotent_requests WHERE scope = $1 AND idempotency_key = $2',
      [scope, key],
    );
    const stored = rows[0];
    // Gone between the two statements (its first request failed and let the key go): claim again.
    if (!stored) continue;
    if (stored.fingerprint !== fingerprint) throw new HttpError(422, KEY_REUSED_MESSAGE);
    if (stored.answer_status !== null) {
      replay(res, stored);
      return false;
    }
    if (Date.now() >= waitUntil) throw new HttpError(409, IN_PROGRESS_MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function replay(res: Response, stored: StoredRow): void {
  for (const [name, value] of Object.entries(stored.answer_headers ?? {})) res.setHeader(name, value);
  res.setHeader(REPLAYED_HEADER, 'true');
  res.status(stored.answer_status!).end(stored.answer_body ?? undefined);
}

/**
 * Stores the answer before its bytes go out, so a repeat sent the moment the first answer
 * arrived finds it. A 5xx, or an answer written in parts, is not kept: the key is let go and a
 * repeat runs again (its events' ids are the same, so nothing is appended twice).
 */
function keepAnswer(pool: Pool, logger: Logger, scope: string, key: string, res: Response): void {
  const end = res.end as (chunk?: unknown, encoding?: unknown, callback?: unknown) => Response;
  const write = res.write.bind(res);
  let partial = false;
  res.write = ((...args: Parameters<Response['write']>) => {
    partial = true;
    return write(...args);
  }) as Response['write'];
  res.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    const body = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.isBuffer(chunk) ? chunk : null;
    const keep = !partial && res.statusCode < 500;
    const headers = Object.fromEntries(KEPT_HEADERS.flatMap((name) => (res.getHeader(name) === undefined ? [] : [[name, String(res.getHeader(name))]])));
    const stored = keep
      ? pool.query(
          `UPDATE idempotent_requests SET answer_status = $3, answer_headers = $4, answer_body = $5 WHERE scope = $1 AND idempotency_key = $2`,
          [scope, key, res.statusCode, JSON.stringify(headers), body],
        )
      : pool.query('DELETE FROM idempotent_requests WHERE scope = $1 AND idempotency_key = $2', [scope, key]);
    stored
      .catch((error: unknown) => logger.warn({ err: error }, 'could not keep the answer to an idempotency key'))
      .finally(() => end.call(this, chunk, encoding, callback));
    return this;
  } as Response['end'];
}

/**
 * The ids a request sent with an Idempotency-Key makes (events, projects, notes) are derived
 * from the caller and the key, in the order it makes them: the same request run again makes
 * the same ids. Without a key, the ids are the given generator's.
 */
export class KeyedIds implements IdGenerator {
  constructor(private readonly inner: IdGenerator) {}

  next(): string {
    const req = servingRequestNow();
    const keyed = req && keyedRequests.get(req);
    if (!keyed) return this.inner.next();
    return nameBasedUuid(`${keyed.scope}\n${keyed.key}\n${keyed.ids++}`);
  }
}

