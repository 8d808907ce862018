/**
 * The one HTTP client of the web app (docs/api-conventions.md).
 * - Paths are relative to `/api` and written exactly as SPEC §7 (`/projects/`, `/sessions/`).
 * - Cookies go along (`credentials: 'same-origin'`); the session cookie is HttpOnly.
 * - POST/PUT/DELETE send the readable `csrftoken` cookie back as `X-CSRFToken`, and a fresh
 *   `Idempotency-Key` per call (one call is one user action: a click of Save, Pay, Add note). A
 *   write whose answer never came is sent once more with the same key, so the server answers it
 *   from the first attempt's answer instead of doing it twice (decision 0325).
 * - Every failure becomes an `ApiError` `{ status, message, problems? }`; status 0 means the
 *   server could not be reached. No UI side effects here: no redirects, no toasts.
 * Only `features/*\/api/` modules and `lib/session/session-api.ts` import this.
 */

export const API_BASE = '/api';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface FieldProblem {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly problems: FieldProblem[] | undefined;

  constructor(status: number, message: string, problems?: FieldProblem[]) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.problems = problems;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The message to show for anything a call may throw. */
export function errorMessage(value: unknown): string {
  if (value instanceof Error && value.message) return value.message;
  return 'Something went wrong. Please try again.';
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  headers?: Record<string, string>;
}

/** How often a write whose answer never came is sent in all (the same key each time). */
const WRITE_ATTEMPTS = 2;

/** 128 random bits as hex: `crypto.randomUUID` exists only in secure contexts, this everywhere. */
function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const fallbackMessages: Record<number, string> = {
  0: 'Could not reach the server. Check your connection and try again.',
  400: 'Please check the form and try again.',
  401: 'Please log in to continue.',
  403: 'You are not allowed to do this.',
  404: 'Not found.',
  409: 'This was changed by someone else. Reload and try again.',
  413: 'The file is too large.',
  422: 'This cannot be done right now.',
  429: 'Too many attempts. Please wait a moment and try again.',
};

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export function buildUrl(path: string, params?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

function isProblemList(value: unknown): value is FieldProblem[] {
  return (
    Array.isArray(value) &&
    value.every(
      (p: unknown) =>
        typeof p === 'object' && p !== null && typeof (p as FieldProblem).field === 'string' && typeof (p as FieldProblem).message === 'string',
    )
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Turns a failed response body into `{ status, message, problems? }`. */
export function toApiError(status: number, body: unknown): ApiError {
  let message: string | undefined;
  let problems: FieldProblem[] | undefined;
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    if (typeof record.message === 'string' && record.message) message = record.message;
    if (isProblemList(record.problems) && record.problems.length > 0) problems = record.problems;
    if (!message && problems) message = problems[0]?.message;
  }
  return new ApiError(status, message ?? fallbackMessages[status] ?? `Request failed (${status}).`, problems);
}

/**
 * The CSRF cookie is set by any GET under /api/. If a write comes before any GET has answered
 * (a form submitted at once on a fresh visit), fetch the current user once to obtain it.
 */
async function ensureCsrfToken(): Promise<string | undefined> {
  const token = readCookie(CSRF_COOKIE);
  if (token) return token;
  try {
    await fetch(buildUrl('/users/'), { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    // The write below will fail with a clear message of its own.
  }
  return readCookie(CSRF_COOKIE);
}

async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (method !== 'GET') {
    const token = await ensureCsrfToken();
    if (token) headers[CSRF_HEADER] = token;
    headers[IDEMPOTENCY_HEADER] ??= newIdempotencyKey();
  }

  const response = await send(buildUrl(path, options.params), { method, headers, body: payload, credentials: 'same-origin' }, method === 'GET' ? 1 : WRITE_ATTEMPTS);

  let data: unknown;
  try {
    data = await readBody(response);
  } catch {
    data = undefined;
  }
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}

/** A write that got no answer (the connection dropped) is sent again, with the same Idempotency-Key. */
async function send(url: string, init: RequestInit, attempts: number): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch {
      if (attempt >= attempts) throw new ApiError(0, fallbackMessages[0] as string);
    }
  }
}

export const apiClient = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};
