import { request } from 'node:http';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../support/shop.js';

// The web app's public folder is what Vite copies verbatim into the build, so a web directory
// made of it plus an app shell serves exactly the pictures `npm run build:web` would.
const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/public');
const SHELL = '<!doctype html><title>shop</title><div id="root"></div>';

let shop: TestShop;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  cpSync(publicDir, webDir, { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), SHELL);
  shop = await startTestShop({}, webDir);
});
afterAll(async () => {
  await shop?.stop();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, accept = 'image/avif,image/webp,image/*,*/*;q=0.8') => fetch(new URL(url, shop.url), { headers: { accept } });

/** A request with no Accept header at all (fetch always adds one), as curl -I or a monitor sends it. */
function withoutAccept(method: 'GET' | 'HEAD', url: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(new URL(url, shop.url), { method }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body }));
    });
    sent.on('error', reject).end();
  });
}

async function catalogueImagePaths(): Promise<string[]> {
  const products = (await (await get('/api/products/', 'application/json')).json()) as { products: Array<{ display_imgs: { preview_img: string; images: string[] } }> };
  const fabrics = (await (await get('/api/fabrics/', 'application/json')).json()) as { fabrics: Array<{ image?: string }> };
  const paths = new Set<string>();
  for (const product of products.products) for (const url of [product.display_imgs.preview_img, ...product.display_imgs.images]) paths.add(url);
  for (const fabric of fabrics.fabrics) if (fabric.image) paths.add(fabric.image);
  return [...paths];
}

describe('static files of the web app', () => {
  it('every picture the catalogue names answers 200 with an image type and a long cache', async () => {
    const paths = await catalogueImagePaths();
    expect(paths.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const url of paths) {
      const response = await get(url);
      const type = response.headers.get('content-type') ?? '';
      const body = await response.text();
      if (response.status !== 200 || !type.startsWith('image/') || !body.includes('<svg')) failures.push(`${url}: ${response.status} ${type}`);
      else expect(response.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
    }
    expect(failures).toEqual([]);
  });

  it('a file that does not exist answers 404, not the app shell', async () => {
    for (const accept of ['*/*', 'image/*', 'text/html,application/xhtml+xml,*/*;q=0.8']) {
      const response = await get('/static/products/nope.jpg', accept);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('<div id="root">');
    }
    expect((await get('/assets/index-gone.js', '*/*')).status).toBe(404);
  });

  it('a browser navigation to an app path gets the app shell, never cached', async () => {
    const response = await get('/projects/123/edit', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(SHELL);
  });

  it('a page route answers the app shell to a GET or HEAD whatever it accepts (curl, monitors, link checkers), and the API keeps answering JSON', async () => {
    const bare = (method: 'GET' | 'HEAD', url: string, headers: Record<string, string> = {}) => fetch(new URL(url, shop.url), { method, headers });
    for (const headers of [{}, { accept: '*/*' }, { accept: 'application/json' }] as Array<Record<string, string>>) {
      for (const url of ['/', '/projects/123/edit', '/login']) {
        const page = await bare('GET', url, headers);
        expect(page.status, `GET ${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(page.headers.get('content-type')).toMatch(/text\/html/);
        expect(await page.text()).toBe(SHELL);
        const head = await bare('HEAD', url, headers);
        expect(head.status, `HEAD ${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(head.headers.get('content-type')).toMatch(/text\/html/);
        expect(await head.text()).toBe('');
      }
    }
    expect(await withoutAccept('GET', '/')).toMatchObject({ status: 200, type: expect.stringMatching(/text\/html/), body: SHELL });
    expect(await withoutAccept('HEAD', '/')).toMatchObject({ status: 200, type: expect.stringMatching(/text\/html/), body: '' });
    const api = await bare('GET', '/api/products/', { accept: 'text/html' });
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
    const missing = await bare('GET', '/api/no-such-thing/', { accept: 'text/html' });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('the icons and the manifest are there (no 404 on a first visit), and text answers are gzipped', async () => {
    for (const [url, type] of [['/favicon.ico', 'image/'], ['/icon.svg', 'image/svg+xml'], ['/icon-192.png', 'image/png'], ['/apple-touch-icon.png', 'image/png'], ['/manifest.webmanifest', 'application/manifest+json']] as const) {
      const response = await get(url, '*/*');
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toContain(type);
    }
    const gzip = { 'accept-encoding': 'gzip' };
    const json = await fetch(new URL('/api/products/', shop.url), { headers: { accept: 'application/json', ...gzip } });
    expect(json.headers.get('content-encoding')).toBe('gzip');
    expect((await json.json()) as object).toHaveProperty('products');
    // Answers under 1 KB (the icon's SVG) stay plain: gzip would not pay for its own header.
    const small = await fetch(new URL('/icon.svg', shop.url), { headers: gzip });
    expect(small.headers.get('content-encoding')).toBeNull();
    const plain = await fetch(new URL('/api/products/', shop.url), { headers: { accept: 'application/json', 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});
