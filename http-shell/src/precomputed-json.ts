import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

/** A JSON answer serialised, hashed and compressed once, served many times. */
interface Prepared {
  body: Buffer;
  gzip: Buffer;
  etag: string;
  madeAt: number;
}

export interface PrecomputedJsonOptions {
  /** How long one preparation serves before the source is read again (ms). */
  ttlMs: number;
  /** Injected for tests; defaults to Date.now. */
  now?: () => number;
}

/**
 * Serves a JSON document that changes rarely (the catalogue, reloaded only when a process starts)
 * without reading, serialising, hashing and compressing it per request: it is prepared once per
 * `ttlMs` and answered with a strong ETag (304 to a matching If-None-Match) and gzip when the
 * client accepts it. The TTL bounds how long another process's reload stays unseen here; concurrent
 * requests during a refresh share one read.
 */
export function precomputedJson(load: () => Promise<unknown>, options: PrecomputedJsonOptions) {
  const now = options.now ?? Date.now;
  let current: Prepared | undefined;
  let pending: Promise<Prepared> | undefined;

  async function prepared(): Promise<Prepared> {
    if (current && now() - current.madeAt < options.ttlMs) return current;
    pending ??= prepare(load, now).finally(() => {
      pending = undefined;
    });
    current = await pending;
    return current;
  }

  return async function send(req: Request, res: Response): Promise<void> {
    const answer = await prepared();
    res.set({ ETag: answer.etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type('application/json');
    if (req.acceptsEncodings('gzip', 'identity') === 'gzip') {
      res.set('Content-Encoding', 'gzip').send(answer.gzip);
      return;
    }
    res.send(answer.body);
  };
}

async function prepare(load: () => Promise<unknown>, now: () => number): Promise<Prepared> {
  const body = Buffer.from(JSON.stringify(await load()));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, gzip: gzipSync(body), etag, madeAt: now() };
}
