import { gunzipSync } from 'node:zlib';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { appServers, rawRequest as request } from './raw-http.js';
import { wholeAnswerGzip } from './whole-answer-gzip.js';

const servers = appServers();
afterEach(servers.closeAll);

const big = Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Cushion ${i}`, state: 'draft' }));

async function serve(): Promise<string> {
  const app = express();
  app.use(wholeAnswerGzip());
  app.get('/big', (_req, res) => void res.json(big));
  // The same tag whatever the body: the cache must still answer each caller its own bytes.
  app.get('/tagged', (req, res) => void res.set('ETag', '"1-same"').json(big.map((row) => ({ ...row, name: `${row.name} for ${String(req.query.who)}` }))));
  app.get('/small', (_req, res) => void res.json({ ok: true }));
  app.get('/no-transform', (_req, res) => void res.set('Cache-Control', 'no-transform').json(big));
  app.get('/picture', (_req, res) => void res.type('png').send(Buffer.alloc(4096, 7)));
  app.get('/parts', (_req, res) => {
    res.type('text/plain');
    res.write('x'.repeat(2048));
    res.end('y'.repeat(2048));
  });
  return servers.serve(app);
}

describe('wholeAnswerGzip', () => {
  it('gzips a whole JSON answer of 1 KB or more for a client that accepts gzip, in one body with its length', async () => {
    const base = await serve();
    const answer = await request(`${base}/big`, { 'accept-encoding': 'gzip, deflate' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(JSON.parse(gunzipSync(answer.body).toString())).toEqual(big);
    expect(answer.body.length).toBeLessThan(JSON.stringify(big).length / 3);
  });

  it('sends it plain to a client that does not accept gzip, or refuses it', async () => {
    const base = await serve();
    const refusals: Array<Record<string, string>> = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip;q=0, identity' }];
    for (const headers of refusals) {
      const answer = await request(`${base}/big`, headers);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(answer.body.toString())).toEqual(big);
    }
  });

  it('leaves small answers, no-transform answers, pictures, HEAD and answers written in parts alone', async () => {
    const base = await serve();
    const gzip = { 'accept-encoding': 'gzip' };
    for (const path of ['/small', '/no-transform', '/picture', '/parts']) {
      const answer = await request(`${base}${path}`, gzip);
      expect(answer.headers['content-encoding'], path).toBeUndefined();
    }
    expect((await request(`${base}/parts`, gzip)).body.toString()).toBe('x'.repeat(2048) + 'y'.repeat(2048));
    const head = await request(`${base}/big`, gzip, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  it('gzips an answer with an entity tag through its cache: each caller gets the gzip of its own bytes, an unchanged answer the same bytes again', async () => {
    const base = await serve();
    const gzip = { 'accept-encoding': 'gzip' };
    const ann = await request(`${base}/tagged?who=ann`, gzip);
    const bob = await request(`${base}/tagged?who=bob`, gzip);
    const annAgain = await request(`${base}/tagged?who=ann`, gzip);
    for (const [answer, who] of [[ann, 'ann'], [bob, 'bob'], [annAgain, 'ann']] as const) {
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect((JSON.parse(gunzipSync(answer.body).toString()) as Array<{ name: string }>)[0]!.name).toBe(`Cushion 0 for ${who}`);
    }
    expect(annAgain.body.equals(ann.body)).toBe(true);
  });
});
