import { gunzipSync } from 'node:zlib';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { appServers, rawRequest, type RawAnswer as Answer } from './raw-http.js';
import { precomputedJson } from './precomputed-json.js';

const servers = appServers();
afterEach(servers.closeAll);
const get = (url: string, headers: Record<string, string> = {}) => rawRequest(url, headers);

const json = (answer: Answer): unknown => JSON.parse(answer.body.toString());

async function serve(load: () => Promise<unknown>, clock: { at: number }): Promise<string> {
  const app = express();
  const send = precomputedJson(load, { ttlMs: 1000, now: () => clock.at });
  app.get('/doc', async (req, res) => {
    await send(req, res);
  });
  return `${await servers.serve(app)}/doc`;
}

describe('precomputedJson', () => {
  it('reads the source once per TTL, answers gzip to a client that accepts it and the plain JSON otherwise', async () => {
    const clock = { at: 0 };
    let loads = 0;
    const url = await serve(async () => ({ version: ++loads, items: Array.from({ length: 200 }, (_, i) => ({ i, name: `item ${i}` })) }), clock);

    const zipped = await get(url, { 'accept-encoding': 'gzip' });
    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toMatchObject({ version: 1 });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(json(plain)).toMatchObject({ version: 1 });
    expect(loads).toBe(1);

    clock.at = 1500;
    expect(json(await get(url))).toMatchObject({ version: 2 });
    expect(loads).toBe(2);
  });

  it('answers 304 with no body to a matching If-None-Match, and the new document once it changed', async () => {
    const clock = { at: 0 };
    let version = 1;
    const url = await serve(async () => ({ version }), clock);
    const first = await get(url);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await get(url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    version = 2;
    clock.at = 2000;
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(json(changed)).toEqual({ version: 2 });
  });

  it('shares one read between requests that arrive while it is being prepared', async () => {
    let loads = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const url = await serve(async () => {
      loads += 1;
      await gate;
      return { ok: true };
    }, { at: 0 });
    const answers = Promise.all([get(url), get(url), get(url)]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    for (const answer of await answers) expect(json(answer)).toEqual({ ok: true });
    expect(loads).toBe(1);
  });
});
