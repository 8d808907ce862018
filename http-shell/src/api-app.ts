import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express, type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Logger } from '@shop/infra';
import { apiNotFound, errorHandler } from './error-handler.js';
import { requestLogger } from './request-log.js';
import { securityHeaders, type SecurityHeaderOptions } from './security-headers.js';
import { serveWeb } from './web-static.js';
import { wholeAnswerGzip } from './whole-answer-gzip.js';

export interface ApiAppOptions {
  logger: Logger;
  /** Mounted under /api, in order. */
  routers: Router[];
  /** Middleware that runs before the routers (sessions, CSRF). */
  before?: RequestHandler[];
  /** Routes outside /api (metrics, health). */
  extra?: Router[];
  /** Built web app to serve: its files, 404 for missing ones, index.html for navigations. */
  webDir?: string;
  /** Express 'trust proxy' (TRUST_PROXY); loopback unless said otherwise. */
  trustProxy?: boolean | number | string;
  /** Security headers (PUBLIC_URL's scheme, CSP_ALLOW_ORIGINS); the strictest when not given. */
  security?: SecurityHeaderOptions;
}

/**
 * The Express app every process builds: the embedded shop mounts all routers in one app,
 * a scaled process mounts only its own. Errors end in one handler (`{ status, message }`).
 */
export function createApiApp(options: ApiAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 'loopback');
  app.use(requestLogger(options.logger));
  // Before everything else, so errors, 404s and health answers carry them too.
  app.use(securityHeaders(options.security ?? { https: false, allowOrigins: [] }));
  app.use(wholeAnswerGzip());
  app.use(onlyWithBody(express.json({ limit: '1mb' })));
  for (const router of options.extra ?? []) app.use(router);
  // Swagger UI's files are streamed: the stream compressor, on that path only.
  app.use('/api/docs', streamedGzip);
  // One router mounted at /api holding the others: express's instrumentation names a request's span
  // by the mount paths it passed, and each sibling router mounted at /api that did not match would
  // add its /api again (`/api/api/projects/:id/`, decision 0401).
  app.use('/api', express.Router().use(...(options.before ?? []), ...options.routers, apiNotFound));
  if (options.webDir && existsSync(path.join(options.webDir, 'index.html'))) {
    app.use(streamedGzip);
    serveWeb(app, options.webDir);
  }
  app.use(errorHandler(options.logger));
  return app;
}


/**
 * Files (the web bundle, HTML, CSS, SVG) are streamed, so they are gzipped by the `compression`
 * middleware when the client accepts it (Lighthouse's "text compression"); answers sent whole
 * are gzipped by wholeAnswerGzip before this could. A stream of server-sent events is never
 * buffered for compression: each event must leave at once.
 */
const streamedGzip = compression({
  filter: (req: Request, res: Response) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
});

/** A GET or HEAD carries no body to parse: the parser is not even entered. */
function onlyWithBody(parser: RequestHandler): RequestHandler {
  return (req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? next() : parser(req, res, next));
}
