import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool, type Pool } from '@shop/infra';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { FileKeyEncryptionKeys } from './key-encryption-keys.js';
import { PersonalDataKeys } from './personal-data-keys.js';
import { purgeNeeded, purgePersonalData } from './personal-data-purge.js';

let db: TestDatabase;
let otherPool: Pool;
let keks: FileKeyEncryptionKeys;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  otherPool = createPool(db.url, 3);
  keks = await FileKeyEncryptionKeys.open(path.join(await mkdtemp(path.join(os.tmpdir(), 'keys-test-')), 'kek.json'));
});
afterAll(async () => {
  await otherPool?.end();
  await db?.drop();
});

describe('personal data keys', () => {
  it('caches opened keys per process and forgets one erased in another process (NOTIFY)', async () => {
    // Two processes: each its own pool and its own instance.
    const here = new PersonalDataKeys(db.pool, keks);
    const there = new PersonalDataKeys(otherPool, keks);
    await here.listen();
    await there.listen();
    try {
      const person = randomUUID();
      const key = await here.keyFor(person);
      expect((await there.keysOf([person])).get(person)).toEqual(key);
      const stored = await db.pool.query<{ data_key: Buffer; kek_id: string }>('SELECT data_key, kek_id FROM personal_data_keys WHERE person_id = $1', [person]);
      expect(stored.rows[0]!.kek_id).toBe(await keks.current());
      expect(stored.rows[0]!.data_key.includes(key as Buffer)).toBe(false); // stored wrapped only

      await here.destroy(person);
      expect((await here.keysOf([person])).get(person)).toBe('erased');
      let seen: unknown = null;
      for (let attempt = 0; attempt < 200 && seen !== 'erased'; attempt++) {
        seen = (await there.keysOf([person])).get(person);
        if (seen !== 'erased') await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(seen).toBe('erased');
    } finally {
      await here.unlisten();
      await there.unlisten();
    }
  });

  it('listens again on a new connection after the server ends the listening one, holding no broken connection', async () => {
    const pool = createPool(db.url, 3);
    const here = new PersonalDataKeys(pool, keks, { relistenMs: 100 });
    const listeners = async () =>
      (await db.pool.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN personal_data_erased'")).rows.map((row) => row.pid);
    const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const value = await read();
        if (done(value) || Date.now() > deadline) return value;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    try {
      await here.listen();
      const [first] = await listeners();
      expect(first).toBeDefined();
      // Before, the lost connection was released but never replaced: keys were no longer cached.
      await db.pool.query('SELECT pg_terminate_backend($1)', [first]);
      const again = await until(listeners, (pids) => pids.length === 1 && pids[0] !== first);
      expect(again).toHaveLength(1);
      expect(pool.totalCount - pool.idleCount).toBe(1);
      // Listening again: an erasure elsewhere reaches a key cached here.
      const person = randomUUID();
      await here.keyFor(person);
      await new PersonalDataKeys(otherPool, keks).destroy(person);
      expect(await until(async () => (await here.keysOf([person])).get(person), (seen) => seen === 'erased')).toBe('erased');
    } finally {
      await here.unlisten();
      await pool.end();
    }
  });

  it('purges: keys stored unwrapped by an earlier version get wrapped, live keys survive a new key-encryption key, erasures are marked purged', async () => {
    const keys = new PersonalDataKeys(db.pool, keks);
    const legacy = randomUUID();
    const raw = randomBytes(32);
    await db.pool.query('INSERT INTO personal_data_keys (person_id, data_key) VALUES ($1, $2)', [legacy, raw]);
    const live = randomUUID();
    const liveKey = await keys.keyFor(live);
    const erased = randomUUID();
    await keys.keyFor(erased);
    await keys.destroy(erased);
    const oldKek = await keks.current();
    expect(await purgeNeeded(db.pool, keks)).toBe(true);

    const steps: string[] = [];
    expect(await purgePersonalData(db.pool, keks, (step) => steps.push(step))).toBeGreaterThanOrEqual(1);
    expect(steps.at(-1)).toBe('personal data purge: done');
    expect(await keks.current()).not.toBe(oldKek);
    expect(await keks.holds(oldKek)).toBe(false);
    const rows = await db.pool.query<{ person_id: string; kek_id: string | null; data_key: Buffer | null; purged_at: Date | null }>(
      'SELECT person_id, kek_id, data_key, purged_at FROM personal_data_keys WHERE person_id = ANY($1)',
      [[legacy, live, erased]],
    );
    const row = (id: string) => rows.rows.find((candidate) => candidate.person_id === id)!;
    expect(row(legacy).kek_id).toBe(await keks.current());
    expect(row(legacy).data_key!.equals(raw)).toBe(false);
    expect(row(erased).purged_at).not.toBeNull();
    const fresh = new PersonalDataKeys(db.pool, keks);
    const opened = await fresh.keysOf([legacy, live, erased]);
    expect(opened.get(legacy)).toEqual(raw);
    expect(opened.get(live)).toEqual(liveKey);
    expect(opened.get(erased)).toBe('erased');
    expect(await purgeNeeded(db.pool, keks)).toBe(false);
    // A writer still holding the old key-encryption key's id re-reads the database's and retries.
    expect(await keys.keyFor(randomUUID())).toBeInstanceOf(Buffer);
  });
});
