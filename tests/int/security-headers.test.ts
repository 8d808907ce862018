import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, createLogger, embeddedConfigSchema, loadConfig } from '@shop/infra';
import { createApiApp, listen } from '@shop/http-shell';
import { directivesOf, expectPagePolicy, expectShopHeaders } from '../support/security-headers.js';
import { startTestShop, type TestShop } from '../support/shop.js';
import { activeCustomer, completeFabric, staffEnv } from './commands/helpers.js';

/**
 * Issue 38: security headers on every answer of the embedded shop (the scaled entry port is
 * checked in kafka/scaled-routing.test.ts with the same expectations).
 */
const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/public');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex');

let shop: TestShop;
let dirs: string[] = [];
beforeAll(async () => {
  const webDir = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-headers-'));
  dirs = [webDir, dataDir];
  cpSync(publicDir, webDir, { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
  shop = await startTestShop({ DATA_DIR: dataDir, ...staffEnv }, webDir);
});
afterAll(async () => {
  await shop?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A customer's project with an uploaded PNG: the upload's URL and the owner's cookies. */
async function uploadedImage(): Promise<{ path: string; cookie: string }> {
  const owner = await activeCustomer(shop, 'Hedda Headers');
  const created = await owner.client.post('/api/projects/', { name: 'Headers project', fabrics: [completeFabric()] });
  expect(created.status, created.text).toBe(201);
  const form = new FormData();
  form.set('fabric_id', 'f1');
  form.set('image', new Blob([new Uint8Array(PNG)]), 'swatch.png');
  const uploaded = await owner.client.put(`/api/projects/${created.body.id}/upload/`, form);
  expect(uploaded.status, uploaded.text).toBe(200);
  return { path: uploaded.body.image.url as string, cookie: owner.client.cookieHeader() };
}

describe('security headers of the embedded shop', () => {
  it('a page, an API answer, a static picture and an uploaded image each carry their policy', async () => {
    await expectShopHeaders(shop.url, await uploadedImage());
  });

  it('the API reference page lets Swagger UI style itself, and nothing else runs inline', async () => {
    const docs = await fetch(new URL('/api/docs/', shop.url), { headers: { accept: 'text/html' } });
    expect(docs.status).toBe(200);
    const directives = directivesOf(docs.headers.get('content-security-policy'));
    expect(directives).toContain("style-src 'self' 'unsafe-inline'");
    expect(directives).toContain("script-src 'self'");
  });
});

describe('configured loosening and https', () => {
  async function headersOf(env: Record<string, string>): Promise<Headers> {
    const config = loadConfig(embeddedConfigSchema, env);
    const app = createApiApp({
      logger: createLogger('silent'),
      routers: [],
      security: { https: config.PUBLIC_URL?.startsWith('https:') ?? false, allowOrigins: config.CSP_ALLOW_ORIGINS },
    });
    const server = await listen(app, 0, '127.0.0.1');
    try {
      return (await fetch(`http://127.0.0.1:${server.port}/api/anything`)).headers;
    } finally {
      await server.close();
    }
  }

  it('sends Strict-Transport-Security only when PUBLIC_URL is https', async () => {
    expectPagePolicy(await headersOf({ PUBLIC_URL: 'https://shop.example.com' }), 'https shop', { https: true });
    expectPagePolicy(await headersOf({ PUBLIC_URL: 'http://shop.example.com' }), 'http shop');
  });

  it('CSP_ALLOW_ORIGINS adds an analytics or FAQ host to scripts, images, frames and calls only', async () => {
    const directives = directivesOf((await headersOf({ CSP_ALLOW_ORIGINS: 'https://analytics.example.com, https://faq.example.com:8443' })).get('content-security-policy'));
    for (const name of ['script-src', 'img-src', 'connect-src', 'frame-src']) {
      const directive = directives.find((d) => d.startsWith(`${name} `)) ?? '';
      expect(directive, name).toContain('https://analytics.example.com https://faq.example.com:8443');
    }
    expect(directives).toContain("frame-ancestors 'none'");
    expect(directives).toContain("default-src 'self'");
  });

  it('a CSP_ALLOW_ORIGINS that is not a list of origins stops the start, naming the variable', () => {
    for (const value of ["'unsafe-inline'", 'https://faq.example.com/path', '*', 'faq.example.com']) {
      expect(() => loadConfig(embeddedConfigSchema, { CSP_ALLOW_ORIGINS: value }), value).toThrow(ConfigError);
      expect(() => loadConfig(embeddedConfigSchema, { CSP_ALLOW_ORIGINS: value }), value).toThrow(/CSP_ALLOW_ORIGINS/);
    }
  });
});
