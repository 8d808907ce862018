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
 * receives HTML); a GET or HEAD of a page route — a path outside `/api/` without a file extension —
 * gets index.html whatever its Accept header, so a browser, curl and an uptime monitor see the same
 * page and the app's own router draws it (docs/decisions/0300).
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
  // Express answers HEAD with a GET route's headers and no body.
  app.get(/^(?!\/api\/).*/, (req, res) => {
    if (isPageRoute(req)) return sendShell(res, webDir);
    res.status(404).type('text/plain').send('Not found');
  });
}

/** True for a path the app's router draws: not the API's, and not a file's (no extension). */
function isPageRoute(req: Request): boolean {
  return path.posix.extname(req.path) === '';
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
