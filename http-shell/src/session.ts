import { randomBytes } from 'node:crypto';
import cookieParser from 'cookie-parser';
import { doubleCsrf } from 'csrf-csrf';
import type { Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import onHeaders from 'on-headers';
import type { Pool } from '@shop/infra';
import { forbidden, HttpError, unauthorized } from './http-error.js';
import { loadOrCreateSecret } from './secrets.js';
import { CredentialsChangedError, SessionStore } from './session-store.js';
import type { SessionWrite } from './session-writes.js';

/** Who is calling, as kept in the server-side session. */
export interface SessionUser {
  userId: string;
  email: string;
  isStaff: boolean;
  isGuest: boolean;
}

declare module 'express-session' {
  interface SessionData {
    user?: SessionUser;
    /** What this session appended, per stream, for its reads to wait for (session-writes.ts). */
    writes?: Record<string, SessionWrite>;
  }
}

export interface SessionSecurity {
  /** Session, cookie parsing, CSRF cookie on GETs, CSRF check on writes: mount before /api routes. */
  middleware: RequestHandler[];
  /**
   * Starts a fresh session for a user who just proved who they are (and a fresh CSRF token).
   * `checked`: the stored password hash the proof was checked against (null for a new guest, who
   * has none). The session is stored only while it is still the user's: a log-in racing a password
   * change or an erasure of the same user fails with 401 instead of outliving it (decision 0270).
   */
  logIn: (req: Request, res: Response, user: SessionUser, checked: { passwordHash: string } | null) => Promise<void>;
  logOut: (req: Request, res: Response) => Promise<void>;
  /** Closes the session store: its LISTEN connection and its pruning of expired rows. */
  close: () => Promise<void>;
}

const TWO_WEEKS_MS = 14 * 24 * 60 * 60 * 1000;
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
/** Names an anonymous visitor for their CSRF token, so a read stores no session (decision 0220). */
const ANONYMOUS_COOKIE = 'anonid';

/**
 * The one session module (decision 0410). A signed, HttpOnly, SameSite=Lax `sid` cookie names a
 * row of `http_sessions`; express-session reads it, for every request, from the one store
 * (session-store.ts: the rows, a short cache revoked by NOTIFY) and saves it when a request
 * changed it. CSRF protection is csrf-csrf's signed double submit: any GET under /api/ sets a
 * readable `csrftoken` cookie, and every POST/PUT/DELETE must echo it in the `X-CSRFToken`
 * header. The token is bound to the session of a logged-in caller, and to a random HttpOnly
 * `anonid` cookie of an anonymous one, so a planted token cookie is useless and an anonymous read
 * writes nothing to PostgreSQL (decision 0220).
 */
export async function createSessionSecurity(pool: Pool, options: { secureCookies?: boolean; cacheSessions?: boolean } = {}): Promise<SessionSecurity> {
  const secret = await loadOrCreateSecret(pool, 'session');
  const secure = options.secureCookies ?? false;
  const store = new SessionStore(pool);
  // Only where every session write happens in this process (decision 0221): another process's
  // note of a write could reach a cached copy later than the caller's next read.
  if (options.cacheSessions) await store.listen();
  const sessions = session({
    store,
    secret,
    name: 'sid',
    resave: false,
    saveUninitialized: false,
    // The cookie goes out when the session changes; renewCookie sends it on the other writes and hourly on reads.
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure, maxAge: TWO_WEEKS_MS },
  });
  const checkingCookie = new WeakSet<Request>();
  const csrf = doubleCsrf({
    getSecret: () => secret,
    getSessionIdentifier: (req) => (req.session?.user ? req.session.id : (anonymousId(req) ?? '')),
    cookieName: CSRF_COOKIE,
    cookieOptions: { httpOnly: false, sameSite: 'lax', secure, path: '/' },
    // While a read checks the token cookie it already has, the cookie stands in for the header.
    getCsrfTokenFromRequest: (req) => (checkingCookie.has(req) ? (req.cookies as Record<string, string>)[CSRF_COOKIE] : req.get(CSRF_HEADER)),
  });
  const hasValidTokenCookie = (req: Request): boolean => {
    if (!(req.cookies as Record<string, string> | undefined)?.[CSRF_COOKIE]) return false;
    checkingCookie.add(req);
    try {
      return csrf.validateRequest(req);
    } finally {
      checkingCookie.delete(req);
    }
  };

  const issueOnRead: RequestHandler = (req, res, next) => {
    if (!isRead(req)) return next();
    if (!req.session.user && !anonymousId(req)) issueAnonymousId(req, res, secure);
    // A valid token cookie is left as it is (it has no expiry to renew): no Set-Cookie on every
    // read. One of another (ended or replaced) session is not an error on a read: it is replaced
    // by a fresh one, else the app would answer 403 to every GET until cookies are cleared.
    if (!hasValidTokenCookie(req)) csrf.generateCsrfToken(req, res, { overwrite: true });
    next();
  };
  const protectWrites: RequestHandler = (req, _res, next) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next();
    if ((req.session?.user || anonymousId(req)) && csrf.validateRequest(req)) return next();
    next(new HttpError(403, 'Missing or invalid CSRF token. Reload the page and try again.'));
  };

  return {
    // cookie-parser without the secret: express-session unsigns `sid` itself, and nothing else
    // reads a signed cookie, so verifying it twice per request bought nothing.
    middleware: [cookieParser(), renewCookie(secret), sessions, issueOnRead, protectWrites],
    logIn: async (req, res, user, checked) => {
      // What the session wrote before logging in (a guest's project, say) is still to be read back.
      const writes = req.session.writes;
      await new Promise<void>((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
      req.session.user = user;
      if (writes) req.session.writes = writes;
      if (checked) store.provenBy(req.session, { userId: user.userId, passwordHash: checked.passwordHash });
      try {
        await new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
      } catch (error) {
        if (!(error instanceof CredentialsChangedError)) throw error;
        // Nothing was stored; without a session express-session saves nothing and sets no cookie.
        await new Promise<void>((resolve, reject) => req.session.destroy((failure) => (failure ? reject(failure) : resolve())));
        throw new HttpError(401, 'Unable to log in with the provided credentials.');
      }
      csrf.generateCsrfToken(req, res, { overwrite: true });
    },
    logOut: async (req, res) => {
      await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
      res.clearCookie('sid');
      res.clearCookie(CSRF_COOKIE, { path: '/' });
    },
    close: () => store.close(),
  };
}

const isRead = (req: Request) => req.method === 'GET' || req.method === 'HEAD';

/** How often a stored session's cookie is sent again when nothing changed it, moving its expiry (it lasts two weeks). */
const COOKIE_RENEWAL_MS = 60 * 60 * 1000;

/**
 * Sends a logged-in session's cookie again with its moved expiry (docs/api-conventions.md): on
 * every write, and on reads at most once an hour per session and process, so the two-week expiry
 * slides for someone who only reads without a `Set-Cookie` on every answer (decision 0410).
 * express-session sends it itself whenever the session changed (a log-in, a write's note):
 * mounted before it, this runs after it as the headers go out and adds nothing then. Like
 * express-session, a Secure cookie only goes over a secure connection.
 */
function renewCookie(secret: string): RequestHandler {
  const renewed = new Map<string, number>();
  return (req, res, next) => {
    // Express's res.cookie signs with req.secret, as express-session signs `sid`.
    (req as Request & { secret?: string }).secret = secret;
    onHeaders(res, () => {
      if (!req.session?.user) return;
      const now = Date.now();
      const sentAlready = [res.getHeader('set-cookie') ?? []].flat().some((cookie) => String(cookie).startsWith('sid='));
      if (!sentAlready && isRead(req) && (renewed.get(req.sessionID) ?? 0) > now - COOKIE_RENEWAL_MS) return;
      if (renewed.size > 100_000) for (const [sid, at] of renewed) if (at <= now - COOKIE_RENEWAL_MS) renewed.delete(sid);
      renewed.set(req.sessionID, now);
      const { cookie } = req.session;
      if (sentAlready || (cookie.secure && !req.secure)) return;
      cookie.maxAge = cookie.originalMaxAge ?? TWO_WEEKS_MS;
      const { expires, httpOnly, path, domain, sameSite, secure } = cookie;
      res.cookie('sid', req.sessionID, { signed: true, expires: expires ?? undefined, httpOnly, path, domain, sameSite, secure: secure === true });
    });
    next();
  };
}

const issuedAnonymousIds = new WeakMap<Request, string>();

function anonymousId(req: Request): string | undefined {
  const fromCookie = (req.cookies as Record<string, string> | undefined)?.[ANONYMOUS_COOKIE];
  return issuedAnonymousIds.get(req) ?? (fromCookie && /^[0-9a-f]{32}$/.test(fromCookie) ? fromCookie : undefined);
}

/** Like express-session, a Secure cookie is only sent over a connection Express sees as secure. */
function issueAnonymousId(req: Request, res: Response, secure: boolean): void {
  const id = randomBytes(16).toString('hex');
  issuedAnonymousIds.set(req, id);
  if (secure && !req.secure) return;
  res.cookie(ANONYMOUS_COOKIE, id, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: TWO_WEEKS_MS });
}

/**
 * Whose request this is, for what is kept per caller (idempotency keys, decision 0325): the
 * account when logged in (guests included), else the anonymous visitor's `anonid`; null for a
 * caller with neither (no write gets past the CSRF check without one).
 */
export function callerScopeOf(req: Request): string | null {
  const user = currentUser(req);
  if (user) return `user:${user.userId}`;
  const anonymous = anonymousId(req);
  return anonymous ? `anon:${anonymous}` : null;
}

/** The id of the caller's server-side session (what `http_sessions.sid` holds). */
export function sessionIdOf(req: Request): string {
  return req.session.id;
}

export function currentUser(req: Request): SessionUser | null {
  return req.session?.user ?? null;
}

/** The caller must be logged in (a guest session counts). */
export function requireUser(req: Request): SessionUser {
  return requireSignedIn(currentUser(req));
}

/** The caller must be logged in (a guest session counts): 401 otherwise. */
export function requireSignedIn(user: SessionUser | null | undefined): SessionUser {
  if (!user) throw unauthorized();
  return user;
}

/** The caller must be staff: 401 when anonymous, 403 otherwise. */
export function requireStaff(req: Request): SessionUser {
  const user = requireUser(req);
  if (!user.isStaff) throw forbidden('This area is for staff only.');
  return user;
}
