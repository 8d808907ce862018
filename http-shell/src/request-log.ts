import { randomUUID } from 'node:crypto';
import { IncomingMessage, type ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from '@shop/infra';

declare module 'http' {
  interface IncomingMessage {
    /** The request's correlation id (requestLogger). */
    id?: string;
    /** Logs with the request's correlation id on every line; made on first use. */
    log?: Logger;
  }
}

/** The header a client (or a proxy in front) may send to tie its request to its events and log lines. */
export const CORRELATION_HEADER = 'x-correlation-id';

/** Tokens in paths (profile completion, uploads carry none) are credentials: never logged. */
const secretPaths = /^(\/api\/profile-completion\/)[^/?]+/;

/** Headers that carry credentials, sessions or CSRF tokens; their values are never logged. */
const secretHeaders = new Set(['cookie', 'authorization', 'x-csrftoken', 'proxy-authorization']);

/** Health probes and metrics scrapes would drown the log. */
const unlogged = /^\/(healthz|readyz|metrics)$/;

const logUrl = (url: string | undefined) => (url ?? '').split('?')[0]!.replace(secretPaths, '$1[redacted]');

function withoutSecrets(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, secretHeaders.has(name.toLowerCase()) ? '[redacted]' : value]));
}

/** The correlation id the request log gave this request. */
export function correlationIdOf(req: IncomingMessage): string {
  return typeof req.id === 'string' ? req.id : randomUUID();
}

/**
 * One log line per request, at its end, with its correlation id: the client's X-Correlation-Id
 * when it sends a sane one, else a new one. The id is answered in the same header, stamped on the
 * events the request appends (command-api/src/http/route.ts) and carried by `req.log`, so every
 * line logged while serving the request has it. Bodies are never logged (passwords, payment
 * tokens); cookies, credentials, CSRF tokens and token paths are redacted.
 *
 * Nothing is serialized unless a line is written: `req.log` is made on first use, and the request
 * line only when the level logs it (pino-http built two child loggers per request, serializing the
 * headers, even when no line was written: issue 34's profile).
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    res.setHeader('X-Correlation-Id', correlate(logger, req));
    logAtEnd(logger, req, res);
    next();
  };
}

const SANE_CORRELATION_ID = /^[\w.:-]{1,100}$/;
/** The logger a request's `req.log` is a child of, and that child once made. */
const parentLogger = Symbol('parentLogger');
const childLogger = Symbol('childLogger');

interface Correlated {
  [parentLogger]?: Logger;
  [childLogger]?: Logger;
}

/*
 * `req.log` as one accessor on the prototype, made once: a getter defined on each request (and
 * the closure it needs) cost every request a property definition that also slowed its later
 * property reads (issue 34's profile of the detail read).
 */
Object.defineProperty(IncomingMessage.prototype, 'log', {
  configurable: true,
  get(this: IncomingMessage & Correlated): Logger | undefined {
    const logger = this[parentLogger];
    return logger && (this[childLogger] ??= logger.child({ correlationId: this.id }));
  },
});

/** Gives the request its correlation id and its `req.log`; the id is for the answer's X-Correlation-Id. */
function correlate(logger: Logger, req: IncomingMessage): string {
  const sent = req.headers[CORRELATION_HEADER];
  const id = typeof sent === 'string' && SANE_CORRELATION_ID.test(sent) ? sent : randomUUID();
  req.id = id;
  (req as IncomingMessage & Correlated)[parentLogger] = logger;
  return id;
}

/** Writes the request's line when it ends, if the level logs it. */
function logAtEnd(logger: Logger, req: IncomingMessage, res: ServerResponse): void {
  if (!logger.isLevelEnabled('info') || unlogged.test(req.url ?? '')) return;
  // Routers rewrite req.url as they descend: the line names the URL the client asked for.
  const asked = { id: req.id, method: req.method, url: logUrl(req.url), headers: withoutSecrets(req.headers), remoteAddress: req.socket.remoteAddress };
  const started = Date.now();
  const done = () => {
    res.off('finish', done);
    res.off('close', done);
    const line = { correlationId: req.id, req: asked, res: answered(res.statusCode, res.getHeaders()), responseTime: Date.now() - started };
    logger.info(line, res.statusCode >= 500 ? 'request errored' : res.writableFinished ? 'request completed' : 'request aborted');
  };
  res.on('finish', done);
  res.on('close', done);
}

function answered(statusCode: number, headers: Record<string, unknown>) {
  return { statusCode, headers: Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'set-cookie')) };
}
