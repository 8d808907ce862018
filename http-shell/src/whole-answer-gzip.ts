import { gzipSync } from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import { GZIP_LEVEL, GzipCache } from './gzip-cache.js';

/** Below this an answer fits a packet or two; gzip would cost more than it saves (compression's own default). */
const GZIP_THRESHOLD_BYTES = 1024;

/**
 * Gzips an answer sent whole (`res.send`, `res.json`, `res.end(body)`: every API answer) in one
 * synchronous step, when the client accepts gzip and the body is compressible text of 1 KB or
 * more, and sends it with its Content-Length in one write. The `compression` middleware does the
 * same through a zlib stream on the libuv thread pool, hooked into writeHead/write/end, which
 * turns a small JSON answer into a chunked one in several socket writes and thread hand-overs.
 * Answers written in parts (files, server-sent events) pass through untouched; the web app's
 * files keep `compression` (api-app.ts). An answer with an entity tag is gzipped through a cache
 * (gzip-cache.ts): an unchanged list or project asked for again is not gzipped again.
 */
export function wholeAnswerGzip(): RequestHandler {
  const cache = new GzipCache();
  return (req, res, next) => {
    const end = res.end as (chunk?: unknown, encoding?: unknown, callback?: unknown) => Response;
    res.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
      const body = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : chunk;
      if (Buffer.isBuffer(body) && !res.headersSent && worthGzipping(req, res, body)) {
        const tag = res.getHeader('ETag');
        const zipped = typeof tag === 'string' ? cache.gzip(tag, body) : gzipSync(body, { level: GZIP_LEVEL });
        res.setHeader('Content-Encoding', 'gzip');
        res.setHeader('Content-Length', zipped.length);
        return end.call(this, zipped, typeof encoding === 'function' ? encoding : callback);
      }
      return end.call(this, chunk, encoding, callback);
    } as Response['end'];
    next();
  };
}

function worthGzipping(req: Request, res: Response, body: Buffer): boolean {
  if (req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304) return false;
  // The same types and the same no-transform rule as the compression middleware.
  if (!compression.filter(req, res) || /(?:^|,)\s*no-transform\s*(?:,|$)/.test(String(res.getHeader('Cache-Control') ?? ''))) return false;
  res.vary('Accept-Encoding');
  if (body.length < GZIP_THRESHOLD_BYTES || res.getHeader('Content-Encoding')) return false;
  return req.acceptsEncodings('gzip', 'identity') === 'gzip';
}
