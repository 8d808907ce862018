import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logging/logger.js';

/** The header a client (or a proxy in front) may send to tie its request to its events and log lines. */
export const CORRELATION_HEADER = 'x-correlation-id';

/** Tokens in paths (profile completion, uploads carry none) are credentials: never logged. */
const secretPaths = /^(\/api\/profile-completion\/)[^/?]+/;

/** Headers that carry credentials, sessions or CSRF tokens; their values are never logged. */
const secretHeaders = new Set(['cookie', 'authorization', 'x-csrftoken', 'proxy-authorization']);

const logUrl = (url: string | undefined) => (url ?? '').split('?')[0]!.replace(secretPaths, '$1[redacted]');

function withoutSecrets(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, secretHeaders.has(name.toLowerCase()) ? '[redacted]' : value]));
}

/** The correlation id the request log gave this request. */
export function correlationIdOf(req: IncomingMessage): string {
  return typeof req.id === 'string' ? req.id : randomUUID();
}

/**
 * One log line per request (pino-http), each with the request's correlation id: the client's
 * X-Correlation-Id when it sends a sane one, else a new one. The id is answered in the same header,
 * stamped on the events the request appends (command-api/src/http/route.ts) and carried by
 * `req.log`, so every line logged while serving the request has it. Bodies are never logged
 * (passwords, payment tokens); cookies, credentials, CSRF tokens and token paths are redacted.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const sent = req.headers[CORRELATION_HEADER];
      const id = typeof sent === 'string' && /^[\w.:-]{1,100}$/.test(sent) ? sent : randomUUID();
      res.setHeader('X-Correlation-Id', id);
      return id;
    },
    customProps: (req: IncomingMessage) => ({ correlationId: req.id }),
    // Health probes and metrics scrapes would drown the log.
    autoLogging: { ignore: (req: IncomingMessage) => /^\/(healthz|readyz|metrics)$/.test(req.url ?? '') },
    serializers: {
      req: (req: { id: unknown; method: string; url: string; headers: Record<string, unknown>; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        url: logUrl(req.url),
        headers: withoutSecrets(req.headers),
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number; headers: Record<string, unknown> }) => ({
        statusCode: res.statusCode,
        headers: Object.fromEntries(Object.entries(res.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'set-cookie')),
      }),
    },
  }) as unknown as RequestHandler;
}
