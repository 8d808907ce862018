import path from 'node:path';
import express, { type Express, type Request, type Response } from 'express';
import { markAsPicture } from './security-headers.js';

/** Hashed build output (`/assets/index-3f2a.js`): its name changes with its content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pictures under `/static/`: stable names, rarely redrawn; a month is long but not forever. */
const PICTURES = 'public, max-age=2592000';

/**
 * Serves the built web app. Files that exist are sent with cache headers for their kind; a
 * request for a file that does not exist answers 404 (never the app shell, so an `<img>` never
 * receives HTML); only a browser navigation — a GET that asks for text/html on a path without a
 * file extension — gets index.html, so the app's own router can draw the page.
 */
export function serveWeb(app: Express, webDir: string): void {
  app.use(
    express.static(webDir, {
      index: false,
      fallthrough: true,
      setHeaders: (res, file) => {
        const relative = path.relative(webDir, file);
        res.setHeader('Cache-Control', cacheControlFor(relative));
        // A picture opened on its own (an SVG is a document) gets a policy that lets it only draw.
        if (isPicture(relative)) markAsPicture(res, `inline; filename="${path.basename(file)}"`);
      },
    }),
  );
  app.get(/^(?!\/api\/).*/, (req, res) => {
    if (isNavigation(req)) return sendShell(res, webDir);
    res.status(404).type('text/plain').send('Not found');
  });
}

/** True for what a browser sends when the user opens a page of the app. */
export function isNavigation(req: Request): boolean {
  const accept = req.get('accept') ?? '';
  return accept.includes('text/html') && path.posix.extname(req.path) === '';
}

function sendShell(res: Response, webDir: string): void {
  // The shell names the current hashed bundles, so it must be revalidated every time.
  res.setHeader('Cache-Control', 'no-cache');
  res.sendFile(path.join(webDir, 'index.html'));
}

function isPicture(relative: string): boolean {
  return relative.split(path.sep)[0] === 'static' || /\.(svg|png|jpe?g|gif|webp|ico)$/i.test(relative);
}

function cacheControlFor(relative: string): string {
  const top = relative.split(path.sep)[0];
  if (top === 'assets') return IMMUTABLE;
  if (top === 'static') return PICTURES;
  return 'no-cache';
}
