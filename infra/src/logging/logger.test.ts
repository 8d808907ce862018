import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

/** A destination that keeps what was written, to read the lines back. */
function capture(): { stream: Writable & { write: Writable['write'] }; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('createLogger', () => {
  it('writes one JSON object a line when not pretty (stdout redirected)', () => {
    const out = capture();
    createLogger('info', 'shop', { pretty: false, destination: out.stream }).info({ orderId: 7 }, 'order placed');
    const line = JSON.parse(out.text().trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ name: 'shop', msg: 'order placed', orderId: 7, level: 30 });
  });

  it('writes readable lines when pretty (a terminal): level word, name and message, not JSON', () => {
    const out = capture();
    createLogger('info', 'shop', { pretty: true, destination: out.stream }).info({ orderId: 7 }, 'order placed');
    const text = out.text();
    expect(text).toMatch(/INFO.*\(shop\): order placed/);
    expect(text).toContain('orderId: 7');
    expect(() => JSON.parse(text.trim())).toThrow();
  });
});
