import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@shop/infra';
import { startTestShop, type TestShop } from '../support/shop.js';

/**
 * Behind a TLS-terminating proxy (PUBLIC_URL https), the session and CSRF cookies are Secure; the
 * proxy's X-Forwarded-* headers count only from the proxies TRUST_PROXY names.
 */
let https: TestShop;
let plain: TestShop;
let distrustful: TestShop;

/** A shop whose public URL is https (as a TLS proxy would serve it); the tests talk to it directly over http. */
async function httpsShop(env: Record<string, string> = {}): Promise<TestShop> {
  const port = await freePort();
  const shop = await startTestShop({ PORT: String(port), PUBLIC_URL: `https://shop.example:${port}`, ...env });
  return { ...shop, url: `http://127.0.0.1:${port}` };
}

beforeAll(async () => {
  https = await httpsShop();
  plain = await startTestShop();
  distrustful = await httpsShop({ TRUST_PROXY: 'false' });
}, 180_000);
afterAll(async () => {
  await Promise.all([https?.stop(), plain?.stop(), distrustful?.stop()]);
});

const cookiesFrom = async (shop: TestShop, headers: Record<string, string> = {}) =>
  (await fetch(new URL('/api/products/', shop.url), { headers })).headers.getSetCookie();
const named = (cookies: string[], name: string) => cookies.find((cookie) => cookie.startsWith(`${name}=`));

describe('cookies and proxies', () => {
  it('marks the anonymous-id and CSRF cookies Secure when PUBLIC_URL is https and a trusted proxy says https', async () => {
    const cookies = await cookiesFrom(https, { 'x-forwarded-proto': 'https' });
    expect(named(cookies, 'anonid')).toMatch(/;\s*Secure/i);
    expect(named(cookies, 'csrftoken')).toMatch(/;\s*Secure/i);
  });

  it('keeps plain cookies on an http shop', async () => {
    const cookies = await cookiesFrom(plain);
    expect(named(cookies, 'anonid')).toBeDefined();
    expect(named(cookies, 'anonid')).not.toMatch(/;\s*Secure/i);
  });

  it('ignores X-Forwarded-Proto from a proxy TRUST_PROXY does not name: no Secure session over plain http', async () => {
    const cookies = await cookiesFrom(distrustful, { 'x-forwarded-proto': 'https' });
    expect(named(cookies, 'anonid')).toBeUndefined();
  });
});
