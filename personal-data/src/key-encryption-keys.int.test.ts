import { createCipheriv, randomBytes } from 'node:crypto';
import { copyFile, link, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crypto_aead_xchacha20poly1305_ietf_decrypt } from 'sodium-native';
import { FileKeyEncryptionKeys, readErasureLedger } from './key-encryption-keys.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kek-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const fileIn = async (name: string) => path.join(await mkdtemp(path.join(dir, `${name}-`)), 'kek.json');

describe('key-encryption keys in a file', () => {
  it('wraps a data key that only its own key-encryption key and person unwrap, and is made once with mode 0600', async () => {
    const file = await fileIn('wrap');
    const keys = await FileKeyEncryptionKeys.open(file);
    expect(keys.fresh).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const dataKey = randomBytes(32);
    const wrapped = await keys.wrap(dataKey, 'person-1', await keys.current());
    expect(wrapped.wrapped.includes(dataKey)).toBe(false);
    expect(await keys.unwrap(wrapped, 'person-1')).toEqual(dataKey);
    await expect(keys.unwrap(wrapped, 'person-2')).rejects.toThrow();
    const again = await FileKeyEncryptionKeys.open(file);
    expect(again.fresh).toBe(false);
    expect(await again.unwrap(wrapped, 'person-1')).toEqual(dataKey);
  });

  it('wraps new keys with XChaCha20-Poly1305 and still unwraps keys wrapped with AES-256-GCM before decision 0287', async () => {
    const file = await fileIn('versions');
    const keys = await FileKeyEncryptionKeys.open(file);
    const kekId = await keys.current();
    const kek = Buffer.from((JSON.parse(await readFile(file, 'utf8')) as { keys: Record<string, string> }).keys[kekId]!, 'base64');
    const dataKey = randomBytes(32);
    const wrapped = await keys.wrap(dataKey, 'person-1', kekId);
    expect(wrapped.wrapped.length).toBe(24 + 32 + 16);
    // The same construction straight from libsodium opens it: nonce first, the key-encryption key's id and the person as additional data.
    const opened = Buffer.alloc(32);
    crypto_aead_xchacha20poly1305_ietf_decrypt(opened, null, wrapped.wrapped.subarray(24), Buffer.from(`${kekId}:person-1`), wrapped.wrapped.subarray(0, 24), kek);
    expect(opened).toEqual(dataKey);
    const changed = Buffer.from(wrapped.wrapped);
    changed[30]! ^= 1;
    await expect(keys.unwrap({ kekId, wrapped: changed }, 'person-1')).rejects.toThrow();
    // As wrapped before: AES-256-GCM, 12-byte IV first, tag last, same additional data.
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', kek, iv).setAAD(Buffer.from(`${kekId}:person-1`));
    const older = Buffer.concat([iv, cipher.update(dataKey), cipher.final(), cipher.getAuthTag()]);
    expect(await keys.unwrap({ kekId, wrapped: older }, 'person-1')).toEqual(dataKey);
    await expect(keys.unwrap({ kekId, wrapped: older }, 'person-2')).rejects.toThrow();
  });

  it('keeps the old key through a rotation until destroyRetired, then the old key is gone from the file', async () => {
    const file = await fileIn('rotate');
    const keys = await FileKeyEncryptionKeys.open(file);
    const old = await keys.current();
    const oldKey = Buffer.from((JSON.parse(await readFile(file, 'utf8')) as { keys: Record<string, string> }).keys[old]!, 'base64');
    const wrapped = await keys.wrap(randomBytes(32), 'p', old);
    const next = await keys.rotate();
    expect(await keys.retired()).toEqual([old]);
    // Another process (a fresh open) sees both until the old one is destroyed.
    expect(await (await FileKeyEncryptionKeys.open(file)).retired()).toEqual([old]);
    await keys.unwrap(wrapped, 'p');
    await keys.destroyRetired();
    expect(await keys.retired()).toEqual([]);
    expect(await keys.current()).toBe(next);
    await expect(keys.unwrap(wrapped, 'p')).rejects.toThrow(/not in/);
    expect((await readFile(file)).includes(oldKey.toString('base64'))).toBe(false);
  });

  it('keeps a retired generation out of use for the backup retention, then destroys it (decision 0335)', async () => {
    const file = await fileIn('retention');
    let now = new Date('2026-03-01T00:00:00Z');
    const keys = await FileKeyEncryptionKeys.open(file, { retentionDays: 35, now: () => now });
    const old = await keys.current();
    const wrapped = await keys.wrap(randomBytes(32), 'p', old);
    const next = await keys.rotate();
    await keys.destroyRetired();
    // Out of use at once: nothing unwraps with it and a purge has nothing to resume...
    expect(await keys.retired()).toEqual([]);
    await expect(keys.unwrap(wrapped, 'p')).rejects.toThrow(/not in/);
    // ...but a keys backup still holds it, for a database backup taken before the purge.
    const kept = await keys.generations();
    expect(kept.current).toBe(next);
    expect(Object.keys(kept.keys)).toEqual([next]);
    expect(kept.kept[old]).toMatchObject({ retiredAt: now.toISOString() });
    const oldKey = kept.kept[old]!.key;
    now = new Date('2026-04-04T00:00:00Z');
    await keys.destroyExpired();
    expect((await keys.generations()).kept[old], 'day 34: still kept').toBeDefined();
    now = new Date('2026-04-05T00:00:01Z');
    await keys.destroyExpired();
    expect((await keys.generations()).kept).toEqual({});
    expect((await readFile(file, 'utf8')).includes(oldKey)).toBe(false);
  });

  it('keeps an erasure ledger beside the keys: id and time only, each person once (decision 0336)', async () => {
    const file = await fileIn('ledger');
    const keys = await FileKeyEncryptionKeys.open(file);
    await keys.recordErasure('person-1', new Date('2026-03-02T00:00:00Z'));
    await keys.recordErasure('person-2', new Date('2026-03-03T00:00:00Z'));
    await keys.recordErasure('person-1', new Date('2026-03-04T00:00:00Z'));
    expect(keys.ledgerPath).toBe(path.join(path.dirname(file), 'erasure-ledger.jsonl'));
    expect((await stat(keys.ledgerPath)).mode & 0o777).toBe(0o600);
    expect(await readErasureLedger(keys.ledgerPath)).toEqual([
      { personId: 'person-1', erasedAt: '2026-03-02T00:00:00.000Z' },
      { personId: 'person-2', erasedAt: '2026-03-03T00:00:00.000Z' },
    ]);
  });

  it('finishes a replacement a crash cut short without losing the live file', async () => {
    const file = await fileIn('crash');
    const keys = await FileKeyEncryptionKeys.open(file);
    const wrapped = await keys.wrap(randomBytes(32), 'p', await keys.current());
    // Killed after linking the old file and before the rename: `.old` is the live file itself.
    await link(file, `${file}.old`);
    await writeFile(`${file}.new`, 'half written');
    const reopened = await FileKeyEncryptionKeys.open(file);
    await reopened.unwrap(wrapped, 'p');
    await expect(stat(`${file}.old`)).rejects.toThrow();
    await expect(stat(`${file}.new`)).rejects.toThrow();
    // Killed after the rename and before the shredding: `.old` is the replaced file, zeroed and removed.
    await copyFile(file, `${file}.old`);
    await FileKeyEncryptionKeys.open(file);
    await expect(stat(`${file}.old`)).rejects.toThrow();
    await (await FileKeyEncryptionKeys.open(file)).unwrap(wrapped, 'p');
  });
});
