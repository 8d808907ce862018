import { gzipSync } from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Below this an answer fits a packet or two; gzip would cost more than it saves (compression's own default). */
export const GZIP_THRESHOLD_BYTES = 1024;
/**
 * The fastest level, nginx's default for dynamic answers: on a customer's list (7 KB of JSON) it
 * gives 867 bytes against level 6's 857, in about half the time.
 */
export const GZIP_LEVEL = 1;

/**
 * Gzips an answer sent whole (`res.send`, `res.json`, `res.end(body)`: every API answer) in one
 * synchronous step, when the client accepts gzip and the body is compressible text of 1 KB or
 * more, and sends it with its Content-Length in one write. The `compression` middleware does the
 * same through a zlib stream on the libuv thread pool for every request, hooked into
 * writeHead/write/end: on a customer's list that was a chunked answer in two socket writes, about
 * eight thread hand-overs and 12% of the shop's CPU (issue 34's profile). Answers written in
 * parts (files, server-sent events) pass through untouched; the web app's files keep
 * `compression` (api-app.ts).
 */
export function wholeAnswerGzip(): RequestHandler {
  return (req, res, next) => {
    const end = res.end as (chunk?: unknown, encoding?: unknown, callback?: unknown) => Response;
    res.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
      const body = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : chunk;
      if (Buffer.isBuffer(body) && !res.headersSent && worthGzipping(req, res, body)) {
        const zipped = gzipSync(body, { level: GZIP_LEVEL });
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
