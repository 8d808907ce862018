import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /** PUBLIC_URL is https: send Strict-Transport-Security and upgrade insecure requests. */
  https: boolean;
  /** CSP_ALLOW_ORIGINS: other origins the pages may load scripts, images, frames and calls from (an analytics or FAQ host). */
  allowOrigins: readonly string[];
}

/**
 * What an uploaded image or a picture may do when opened on its own: nothing but draw itself.
 * An SVG is a document that could carry script; this policy gives it none, and its own inline
 * styles (drawings use `style` attributes) still apply.
 */
export const PICTURE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * No feature a soft-furnishings shop needs: no camera, microphone, location, sensors, USB or the
 * Payment Request API (the sandbox payment widget is a plain form). Only features Chromium knows,
 * so the header draws no console warning.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'fullscreen=(self)',
].join(', ');

/** The page policy (docs/decisions/0190): everything from this origin only, nothing inline, never framed. */
function contentSecurityPolicy(options: SecurityHeaderOptions): Record<string, string[] | null> {
  const extra = [...options.allowOrigins];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...extra],
    // Styles come from the built stylesheet; React and recharts set element.style through the
    // CSSOM, which CSP does not govern, so no 'unsafe-inline' is needed (decision 0190).
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', ...extra],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...extra],
    'frame-src': extra.length > 0 ? extra : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'script-src-attr': ["'none'"],
    ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every answer (helmet: the well-kept Express middleware for exactly this,
 * decision 0190), plus a Permissions-Policy, which helmet leaves to the app. The policy is the
 * same for every request, so helmet runs once, at start, and each answer gets the headers it set:
 * a dozen setHeader calls instead of helmet's chain of middlewares per request (issue 34).
 */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  const headers = securityHeaderList(options);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** The security headers of every answer, in their order. */
function securityHeaderList(options: SecurityHeaderOptions): Array<[string, string]> {
  const headers = headersSetBy(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
      // Pages load nothing cross-origin that would need CORP from others; keep helmet's
      // same-origin resource and opener policies.
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    }),
  );
  headers.push(['Permissions-Policy', PERMISSIONS_POLICY]);
  return headers;
}

/** The headers a middleware that depends on nothing in the request sets, in its order. */
function headersSetBy(middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void): Array<[string, string]> {
  const set = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => set.set(name, String(value)),
    removeHeader: (name: string) => set.delete(name),
    getHeader: (name: string) => set.get(name),
  };
  let failure: unknown;
  middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, recorder as unknown as ServerResponse, (error) => (failure = error));
  if (failure) throw failure;
  return [...set];
}

/** An answer that is a picture: its own policy, never sniffed as something else. */
export function markAsPicture(res: ServerResponse, disposition: string): void {
  res.setHeader('Content-Security-Policy', PICTURE_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Disposition', disposition);
}

/** The header options a process's configuration asks for. */
export function securityOptionsOf(config: { PUBLIC_URL?: string | undefined; CSP_ALLOW_ORIGINS: readonly string[] }): SecurityHeaderOptions {
  return { https: config.PUBLIC_URL?.startsWith('https:') ?? false, allowOrigins: config.CSP_ALLOW_ORIGINS };
}

/**
 * For the API reference page only (/api/docs): Swagger UI writes inline <style> blocks. Its
 * scripts stay 'self'-only, so this loosens styles, not what can run.
 */
export const allowInlineStyles: RequestHandler = (_req, res, next) => {
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy === 'string') res.setHeader('Content-Security-Policy', policy.replace(/style-src 'self'/, "style-src 'self' 'unsafe-inline'"));
  next();
};
