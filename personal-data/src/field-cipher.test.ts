import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openInto, openPage, seal, sealAesGcm, sealedFor, type SealedPage } from './field-cipher.js';

const opened = (sealed: string, key: Buffer, personId?: string): string => {
  const out = Buffer.alloc(sealed.length);
  return out.toString('utf8', 0, openInto(sealed, key, out, 0, personId));
};
/** One character of the ciphertext changed. */
const tampered = (sealed: string): string => {
  const at = sealed.indexOf(':', 4) + 10;
  return sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1);
};

describe('field cipher', () => {
  const [person, key] = [randomUUID(), randomBytes(32)];
  const clear = JSON.stringify({ shipping_notes: { shipping_address: { recipient_name: 'Zoë Ørsted', line1: '1 Main St' } } });

  it('seals new values with XChaCha20-Poly1305 (pd4), a fresh nonce each, and opens them', () => {
    const [first, second] = [seal(clear, person, key), seal(clear, person, key)];
    expect(first).toMatch(/^pd4:[\w-]{32}:[\w-]+:/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('Main St');
    expect(sealedFor(first)).toBe(person);
    expect(opened(first, key)).toBe(clear);
    expect(opened(second, key, person)).toBe(clear);
  });

  it('fails a value that was changed, moved under another person, or opened with another key', () => {
    const sealed = seal(clear, person, key);
    expect(() => opened(tampered(sealed), key)).toThrow();
    const moved = sealed.slice(0, sealed.lastIndexOf(':') + 1) + randomUUID();
    expect(() => opened(moved, key)).toThrow();
    expect(() => opened(sealed, randomBytes(32))).toThrow();
    expect(() => opened('pd4:AAAA:AAAA:' + person, key)).toThrow();
  });

  it('still opens the log\'s pd3 envelopes (the same cipher, a fragment inside), and fails them when changed', () => {
    const sealed = seal(clear, person, key, 'pd3:');
    expect(sealed).toMatch(/^pd3:[\w-]{32}:[\w-]+:/);
    expect(opened(sealed, key)).toBe(clear);
    expect(() => opened(tampered(sealed), key)).toThrow();
  });

  it('still opens the log\'s older AES-256-GCM envelopes (pd1, pd2), and fails them when changed', () => {
    for (const version of ['pd1:', 'pd2:'] as const) {
      const sealed = sealAesGcm(clear, person, key, version);
      expect(sealed.startsWith(version)).toBe(true);
      expect(opened(sealed, key)).toBe(clear);
      expect(() => opened(tampered(sealed), key)).toThrow();
    }
  });

  /** A page of `size` values sealed for a few persons, mixing every envelope version, and the clear fragments they hold. */
  function mixedPage(size: number): { page: SealedPage; clear: unknown[] } {
    const persons = Array.from({ length: 7 }, (_, n) => ({ id: n === 3 ? `Łukasz ${randomUUID()}` : randomUUID(), key: randomBytes(32) }));
    const clear: unknown[] = [];
    const page = { sealed: [] as string[], keys: [] as Buffer[], persons: [] as string[] };
    for (let n = 0; n < size; n++) {
      const owner = persons[n % persons.length]!;
      const fragment = { shipping_notes: { shipping_address: { recipient_name: `Zoë Ørsted ${n}`, line1: `${n} Main St` } } };
      const text = JSON.stringify(fragment);
      const value = [seal(text, owner.id, owner.key), seal(text, owner.id, owner.key, 'pd3:'), sealAesGcm(text, owner.id, owner.key), sealAesGcm(text, owner.id, owner.key, 'pd1:')][n % 4]!;
      clear.push(fragment);
      page.sealed.push(value);
      page.keys.push(owner.key);
      page.persons.push(sealedFor(value));
    }
    return { page, clear };
  }

  const openedPage = (page: SealedPage): unknown[] => {
    const out = new Array<unknown>(page.sealed.length);
    openPage(page, (index, value) => {
      expect(out[index]).toBeUndefined(); // each value once
      out[index] = value;
    });
    return out;
  };

  it('opens a page of every envelope version, persons with characters beyond one byte among them, each value handed out once', () => {
    const { page, clear } = mixedPage(300);
    expect(openedPage(page)).toEqual(clear);
    // A smaller page after a bigger one: the scratch kept from the first holds nothing of it.
    const small = mixedPage(5);
    expect(openedPage(small.page)).toEqual(small.clear);
  });

  it('fails a page holding a value that does not authenticate, and hands out none of it', () => {
    const { page } = mixedPage(40);
    const sealed = [...page.sealed];
    sealed[25] = tampered(sealed[25]!);
    let handed = 0;
    expect(() => openPage({ ...page, sealed }, () => handed++)).toThrow();
    expect(handed).toBe(0);
  });
});
