import { expect } from 'vitest';

/** The page policy every page and API answer carries (docs/decisions/0190). */
const PAGE_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** Splits a CSP header into its directives, so order and spacing do not matter. */
export function directivesOf(policy: string | null): string[] {
  return (policy ?? '').split(';').map((part) => part.trim().replace(/\s+/g, ' ')).filter(Boolean);
}

/** Headers every answer has, page, API, picture or upload. */
function expectCommonHeaders(headers: Headers, what: string): void {
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('permissions-policy'), what).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/);
  expect(headers.get('x-powered-by'), what).toBeNull();
}

/** A page or an API answer: the strict page policy, and HSTS only over https. */
export function expectPagePolicy(headers: Headers, what: string, options: { https?: boolean } = {}): void {
  expectCommonHeaders(headers, what);
  const directives = directivesOf(headers.get('content-security-policy'));
  for (const directive of PAGE_DIRECTIVES) expect(directives, `${what}: ${directive}`).toContain(directive);
  expect(headers.get('content-security-policy'), what).not.toMatch(/unsafe-inline|unsafe-eval/);
  if (options.https) expect(headers.get('strict-transport-security'), what).toMatch(/max-age=\d{7,}/);
  else expect(headers.get('strict-transport-security'), what).toBeNull();
}

/** A picture or an uploaded image: a policy that lets it draw and nothing else, and how to open it. */
export function expectPicturePolicy(headers: Headers, what: string, disposition: RegExp): void {
  expectCommonHeaders(headers, what);
  const directives = directivesOf(headers.get('content-security-policy'));
  expect(directives, what).toEqual(expect.arrayContaining(["default-src 'none'", "style-src 'unsafe-inline'"]));
  expect(headers.get('content-disposition'), what).toMatch(disposition);
}

/**
 * Checks a page, an API answer, a static picture and an uploaded image of a running shop
 * (embedded or through the scaled entry port).
 */
export async function expectShopHeaders(baseUrl: string, upload: { path: string; cookie: string }): Promise<void> {
  const get = (path: string, accept: string, cookie = '') => fetch(new URL(path, baseUrl), { headers: { accept, cookie } });
  const page = await get('/projects', 'text/html,application/xhtml+xml,*/*;q=0.8');
  expect(page.status).toBe(200);
  expectPagePolicy(page.headers, 'page /projects');
  const api = await get('/api/products/', 'application/json');
  expect(api.status).toBe(200);
  expectPagePolicy(api.headers, 'API /api/products/');
  const missing = await get('/api/nothing-here/', 'application/json');
  expect(missing.status).toBe(404);
  expectPagePolicy(missing.headers, 'API 404');
  const picture = await get('/static/products/alex.svg', 'image/avif,image/webp,image/*,*/*;q=0.8');
  expect(picture.status).toBe(200);
  expect(picture.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  expectPicturePolicy(picture.headers, 'static picture', /^inline; filename="alex\.svg"$/);
  const image = await get(upload.path, 'image/*', upload.cookie);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/png');
  expectPicturePolicy(image.headers, 'uploaded image', /^attachment; filename="[\w.-]+\.png"$/);
}
