import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring, { type ParsedUrlQuery } from 'node:querystring';
import accepts from 'accepts';
import etag from 'etag';
import fresh from 'fresh';
import type { RequestHandler } from 'express';
import type { Logger } from '../logging/logger.js';
import type { RequestTimer } from '../metrics/shop-metrics.js';
import { errorHeaders, logFailure, toErrorBody } from './error-handler.js';
import { GzipCache } from './gzip-cache.js';
import { jsonAnswer, sendAnswer, type JsonAnswer } from './json-answer.js';
import { correlate, logAtEnd } from './request-log.js';
import { securityHeaderList, type SecurityHeaderOptions } from './security-headers.js';
import type { ReadCaller } from './session.js';
import { GZIP_THRESHOLD_BYTES } from './whole-answer-gzip.js';

/** What a hot read gets of its request. */
export interface HotRequest {
  caller: ReadCaller;
  /** The path's parameters, as Express names them (`:id` → `id`). */
  params: Record<string, string>;
  /** The query string parsed as Express's default ("simple") query parser parses it. */
  query: ParsedUrlQuery;
  header: (name: string) => string | undefined;
}

/**
 * A GET served before Express as well as by it. `serve` is the one handler both call; it may add
 * headers to `headers` before it throws (they go on the error answer too, as on Express's `res`).
 */
export interface HotRoute {
  /** An Express path under /api without its prefix: `/projects/:id/`. */
  path: string;
  serve: (request: HotRequest, headers: Record<string, string>) => Promise<JsonAnswer>;
}

export interface HotReadOptions {
  routes: readonly HotRoute[];
  logger: Logger;
  security: SecurityHeaderOptions;
  readCaller: (req: IncomingMessage) => Promise<ReadCaller | null>;
  /** The caller `readCaller` would give at once from the session cache, when it is settled there; undefined otherwise. */
  cachedCaller?: (req: IncomingMessage) => ReadCaller | undefined;
  timeRequest: RequestTimer;
}

/** Serves the request, or calls `fallThrough` (the Express app) untouched. */
export type FrontHandler = (req: IncomingMessage, res: ServerResponse, fallThrough: () => void) => void;

interface CompiledRoute {
  route: HotRoute;
  pattern: RegExp;
  names: string[];
}

/**
 * The customer's hot reads on plain `node:http`, in front of the Express app (issue 34: Express's
 * per-request setup, its router walk and a dozen validated `setHeader` calls cost more CPU than
 * the minimal server's whole read). Each answer is the one the Express route gives, byte for byte
 * but the Date: the same handler, session, CSRF cookie rule, read-your-writes wait, error bodies,
 * security headers, weak ETag and 304, gzip rule, request log line and latency histogram, written
 * in one `writeHead`. Anything else falls through to Express unchanged: other methods and paths,
 * paths Express would match only loosely (upper case, percent-escapes), and every read whose
 * answer would set a cookie (docs/decisions/0253).
 */
export function hotReads(options: HotReadOptions): FrontHandler {
  const routes = options.routes.map(compile);
  // Every answer's head starts alike: the correlation id's place, then the security headers, flat as writeHead takes them.
  const headStart = ['X-Correlation-Id', '', ...securityHeaderList(options.security).flat()];
  const encoding: Encoding = { gzipCache: new GzipCache(), acceptsGzip: new Map() };
  return (req, res, fallThrough) => {
    const startedAt = process.hrtime.bigint();
    const match = req.method === 'GET' || req.method === 'HEAD' ? matchRoute(routes, req.url ?? '') : null;
    if (!match) return fallThrough();
    // A caller settled in the session cache is served at once, without a promise to wait for.
    const settled = options.cachedCaller?.(req);
    if (settled) {
      serve(req, res, match, settled, startedAt).catch((error: unknown) => broken(req, res, error));
      return;
    }
    options.readCaller(req).then(
      (caller) => (caller ? serve(req, res, match, caller, startedAt).catch((error: unknown) => broken(req, res, error)) : fallThrough()),
      // Express's path meets the same failure and answers it.
      () => fallThrough(),
    );
  };

  /** Writing the answer itself failed (a handler's errors are answered in `serve`): a 500 if nothing was sent yet. */
  function broken(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    logFailure(options.logger, req, error);
    if (res.headersSent) res.destroy();
    else res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(toErrorBody(error)));
  }

  async function serve(req: IncomingMessage, res: ServerResponse, match: Match, caller: ReadCaller, startedAt: bigint): Promise<void> {
    const id = correlate(options.logger, req);
    const headers: Record<string, string> = {};
    let answer: JsonAnswer;
    let failed = false;
    try {
      answer = await match.route.serve(new FrontRequest(req, caller, match), headers);
    } catch (error) {
      failed = true;
      const body = toErrorBody(error);
      if (body.status >= 500 && body.status !== 503) logFailure(options.logger, req, error);
      answer = jsonAnswer(body, errorHeaders(body), body.status);
    }
    // Express labels a route's answer `/api/projects/:id/`, and one its error handler sent `/projects/:id/` (it has left the /api router by then).
    options.timeRequest(req, res, failed ? match.route.path : `/api${match.route.path}`, startedAt);
    const given = headStart.slice();
    given[1] = id;
    for (const name in headers) given.push(name, headers[name]!);
    for (const name in answer.headers) given.push(name, answer.headers[name]!);
    const head = headOf(req, answer, given, tagOf(headers) ?? tagOf(answer.headers), encoding);
    logAtEnd(options.logger, req, res, () => loggedHeaders(head));
    res.writeHead(head.status, head.headers);
    if (req.method === 'HEAD' || head.body === null) res.end();
    else res.end(head.body);
  }
}

/** What a hot read gets of its request: one object, its `header` a method, not a closure made per request. */
class FrontRequest implements HotRequest {
  readonly params: Record<string, string>;
  readonly query: ParsedUrlQuery;
  constructor(
    private readonly req: IncomingMessage,
    readonly caller: ReadCaller,
    match: Match,
  ) {
    this.params = match.params;
    this.query = match.query;
  }
  header(name: string): string | undefined {
    return headerOf(this.req, name);
  }
}

/** The entity tag a read set itself, whatever the case of its name (the only headers that may carry one). */
function tagOf(headers: Record<string, string>): string | undefined {
  for (const name in headers) if (name.toLowerCase() === 'etag') return headers[name];
  return undefined;
}

interface Match {
  route: HotRoute;
  params: Record<string, string>;
  query: ParsedUrlQuery;
}

function compile(route: HotRoute): CompiledRoute {
  const names: string[] = [];
  const body = route.path
    .replace(/\/$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? (names.push(segment.slice(1)), '([^/]+)') : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('/');
  return { route, pattern: new RegExp(`^/api${body}/?$`), names };
}

function matchRoute(routes: readonly CompiledRoute[], url: string): Match | null {
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  // Express would decode escapes (and refuse bad ones with its own error): its path serves those.
  if (path.includes('%')) return null;
  for (const { route, pattern, names } of routes) {
    const found = pattern.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    for (let index = 0; index < names.length; index++) params[names[index]!] = found[index + 1]!;
    return { route, params, query: querystring.parse(mark < 0 ? '' : url.slice(mark + 1)) };
  }
  return null;
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The headers as Express's `res.getHeaders()` holds them for the log line: wholeAnswerGzip sets a zipped length as a number. */
function loggedHeaders(head: Head): Record<string, unknown> {
  const zipped = head.headers.includes('Content-Encoding');
  const logged: Record<string, unknown> = {};
  for (let i = 0; i < head.headers.length; i += 2) {
    const name = head.headers[i]!;
    logged[name.toLowerCase()] = zipped && name === 'Content-Length' ? Number(head.headers[i + 1]) : head.headers[i + 1];
  }
  return logged;
}

interface Head {
  status: number;
  /** `[name, value, name, value, …]`, as writeHead takes them. */
  headers: string[];
  /** A gzipped answer's bytes, else the JSON text; null for a 304. */
  body: Buffer | string | null;
}

/** What the answers of one front handler share for their encoding. */
interface Encoding {
  /** An unchanged answer asked for again is not gzipped again (gzip-cache.ts). */
  gzipCache: GzipCache;
  /** Whether an Accept-Encoding value asks for gzip: a few values (one per browser kind) are asked again and again. */
  acceptsGzip: Map<string, boolean>;
}

/** As Express's `req.acceptsEncodings('gzip', 'identity') === 'gzip'` (negotiator), remembered per header value. */
function acceptsGzip(req: IncomingMessage, encoding: Encoding): boolean {
  const asked = req.headers['accept-encoding'] ?? '';
  let gzip = encoding.acceptsGzip.get(asked);
  if (gzip === undefined) {
    gzip = accepts(req).encodings(['gzip', 'identity']) === 'gzip';
    if (encoding.acceptsGzip.size < 100) encoding.acceptsGzip.set(asked, gzip);
  }
  return gzip;
}

/**
 * What Express's `res.send` and wholeAnswerGzip make of a JSON answer: a UTF-8 JSON type, its
 * length, a weak ETag unless the answer has its own, 304 when the client's If-None-Match matches
 * (no type, length or body then), and gzip for 1 KB or more when the client accepts it.
 */
function headOf(req: IncomingMessage, answer: JsonAnswer, headers: string[], givenTag: string | undefined, encoding: Encoding): Head {
  // No UTF-8 copy of the text: etag, gzip and Node's write take the string as it is.
  const length = Buffer.byteLength(answer.json, 'utf8');
  const tag = givenTag ?? etag(answer.json, { weak: true });
  const ok = answer.status >= 200 && answer.status < 300;
  if (ok && fresh(req.headers, { etag: tag })) {
    if (givenTag === undefined) headers.push('ETag', tag);
    return { status: 304, headers, body: null };
  }
  headers.push('Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(length));
  if (givenTag === undefined) headers.push('ETag', tag);
  if (req.method !== 'HEAD') {
    headers.push('Vary', 'Accept-Encoding');
    if (length >= GZIP_THRESHOLD_BYTES && acceptsGzip(req, encoding)) {
      // The tag is a digest of the text (etag's, or the answer's own, entity-tag.ts); the cache compares the text itself anyway.
      const zipped = encoding.gzipCache.gzip(tag, answer.json);
      headers.push('Content-Encoding', 'gzip');
      headers[headers.indexOf('Content-Length') + 1] = String(zipped.length);
      return { status: answer.status, headers, body: zipped };
    }
  }
  // The text as it is: Node writes it as UTF-8 (the bytes counted above), joined to the head in one write.
  return { status: answer.status, headers, body: answer.json };
}

/** The same read as an Express route: what `serve` answers, sent through Express's `res`. */
export function expressHandlerOf(route: HotRoute): RequestHandler {
  return async (req, res) => {
    const headers: Record<string, string> = {};
    const request = { caller: { user: req.session?.user ?? null, session: req.session }, params: req.params as Record<string, string>, query: req.query as ParsedUrlQuery, header: (name: string) => req.get(name) };
    let answer: JsonAnswer;
    try {
      answer = await route.serve(request, headers);
    } finally {
      res.set(headers);
    }
    sendAnswer(res, answer);
  };
}
