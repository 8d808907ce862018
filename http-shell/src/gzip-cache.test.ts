import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GZIP_LEVEL, GzipCache } from './gzip-cache.js';

const answer = (name: string) => {
  const json = JSON.stringify(Array.from({ length: 30 }, (_, i) => ({ id: i, name })));
  return { json, body: Buffer.from(json) };
};

describe('GzipCache', () => {
  it('gzips an answer as gzipSync does, and the same text under the same tag only once', () => {
    const cache = new GzipCache();
    const { body } = answer('Cushion');
    const first = cache.gzip('W/"a"', body);
    expect(first.equals(gzipSync(body, { level: GZIP_LEVEL }))).toBe(true);
    const again = answer('Cushion');
    expect(cache.gzip('W/"a"', again.body)).toBe(first);
  });

  it('gzips other bytes afresh even under a tag it knows: a tag only says where to look', () => {
    const cache = new GzipCache();
    const mine = answer('Mine');
    const theirs = answer('Theirs');
    cache.gzip('W/"same"', mine.body);
    const zipped = cache.gzip('W/"same"', theirs.body);
    expect(gunzipSync(zipped).toString()).toBe(theirs.json);
    // The newer body is what the tag now keeps.
    expect(cache.gzip('W/"same"', theirs.body)).toBe(zipped);
  });

  it('forgets the least recently used answers beyond its bound', () => {
    const cache = new GzipCache(2);
    const [a, b, c] = [answer('a'), answer('b'), answer('c')];
    const zippedA = cache.gzip('a', a.body);
    const zippedB = cache.gzip('b', b.body);
    expect(cache.gzip('a', a.body)).toBe(zippedA); // a is now the latest used
    cache.gzip('c', c.body); // b goes
    expect(cache.gzip('a', a.body)).toBe(zippedA);
    const zippedBAgain = cache.gzip('b', b.body);
    expect(zippedBAgain).not.toBe(zippedB);
    expect(zippedBAgain.equals(zippedB)).toBe(true);
  });

  it('keeps no more bytes than its bound, and no answer too big for it', () => {
    const cache = new GzipCache(100, 16 * 1024);
    const big = { json: 'x'.repeat(2048), body: Buffer.from('x'.repeat(2048)) };
    expect(cache.gzip('big', big.body)).not.toBe(cache.gzip('big', big.body));
    const small = answer('s');
    const kept = cache.gzip('small', small.body);
    expect(cache.gzip('small', small.body)).toBe(kept);
  });
});
