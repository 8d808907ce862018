import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ERASED } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ConcurrencyError, type NewEvent, type Pool } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { personalDataKeysOf, protectPersonalData } from './open-event-store.js';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { FileKeyEncryptionKeys } from './key-encryption-keys.js';
import { PersonalDataKeys } from './personal-data-keys.js';

/**
 * The sealed append in one statement (decision 0241): a new person's key, the events and the
 * stream's subject go in together; a person who turns out to have a row is sealed with that.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(async () => {
  await db?.drop();
});

const address = { recipient_name: 'Grace Hopper', line1: '9 Compiler Row', city: 'Arlington', state: 'VA', postal_code: '22201' };
const created = (ownerId: string): NewEvent => ({
  id: randomUUID(),
  type: 'ProjectCreated',
  data: { projectId: randomUUID(), ownerId, name: 'Sofa', shipping_notes: { shipping_address: address, delivery_type: 0 }, at: '2026-01-02T03:04:05.000Z', by: ownerId },
  metadata: { actor: ownerId, correlationId: randomUUID(), causationId: null, occurredAt: '2026-01-02T03:04:05.000Z' },
});

const draft = (actor: string, city: string): NewEvent => ({
  id: randomUUID(),
  type: 'DraftSaved',
  data: { name: 'Sofa', shipping_notes: { shipping_address: { ...address, city }, delivery_type: 0 }, at: '2026-01-02T03:04:05.000Z', by: actor },
  metadata: { actor, correlationId: randomUUID(), causationId: null, occurredAt: '2026-01-02T03:04:05.000Z' },
});

const transferred = (toUserId: string): NewEvent => ({
  id: randomUUID(),
  type: 'ProjectTransferred',
  data: { toUserId, at: '2026-01-02T03:04:05.000Z', by: 'staff' },
  metadata: { actor: 'staff', correlationId: randomUUID(), causationId: null, occurredAt: '2026-01-02T03:04:05.000Z' },
});

/** The person whose key seals the stored event (its envelope names them). */
async function sealedFor(eventId: string): Promise<string> {
  const result = await db.pool.query<{ sealed: string }>("SELECT data->>'$personal' AS sealed FROM events WHERE event_id = $1", [eventId]);
  return result.rows[0]!.sealed.split(':').slice(3).join(':');
}

/** Statements the pool runs while `work` does, but the wake-up NOTIFY every append sends after its commit (bare ones too). */
async function statementsDuring(pool: Pool, work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const query = pool.query.bind(pool);
  (pool as { query: unknown }).query = (...args: Parameters<Pool['query']>) => {
    seen.push(typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text));
    return (query as (...a: unknown[]) => unknown)(...args);
  };
  try {
    await work();
  } finally {
    (pool as { query: unknown }).query = query;
  }
  return seen.filter((sql) => !sql.startsWith('SELECT pg_notify'));
}

/** A reader with no cache of its own, as another process. */
const elsewhere = () => protectPersonalData(new PostgresEventStore(db.pool), db.pool);

describe('a sealed append on PostgreSQL', () => {
  it('stores a new person key, events and subject in one statement, readable by another process', async () => {
    const store = protectPersonalData(new PostgresEventStore(db.pool), db.pool);
    await personalDataKeysOf(store)!.listen();
    try {
      const owner = randomUUID();
      const stream = `project-${randomUUID()}`;
      const event = created(owner);
      // The wrapping key is read once per process; after that a new person costs one statement.
      await store.appendToStream(`project-${randomUUID()}`, [created(randomUUID())]);
      const statements = await statementsDuring(db.pool, () => store.appendToStream(stream, [event], { expectedRevision: 'no_stream' }));
      expect(statements, statements.join("\n---\n")).toHaveLength(1);
      expect(statements[0]).toContain('shop_append_sealed_events');
      expect(await new PersonalDataKeys(db.pool).streamsOf(owner)).toEqual([stream]);
      expect((await elsewhere().readStream(stream))[0]!.data).toEqual(event.data);
      // The key is cached: the next append of the same person is one statement too.
      const again = await statementsDuring(db.pool, () => store.appendToStream(`project-${randomUUID()}`, [created(owner)]));
      expect(again).toHaveLength(1);
    } finally {
      await personalDataKeysOf(store)!.unlisten();
    }
  });

  // 'no_stream' is a new owner's stream, where the key goes in with the stream's row; 'any' looks for a retry first.
  it.each(['any', 'no_stream'] as const)('seals with the key another process made, and erases for a person erased meanwhile (%s)', async (expectedRevision) => {
    const owner = randomUUID();
    const other = elsewhere();
    await other.appendToStream(`project-${randomUUID()}`, [created(owner)]);
    const store = protectPersonalData(new PostgresEventStore(db.pool), db.pool); // knows no key of this owner
    const stream = `project-${randomUUID()}`;
    const event = created(owner);
    await store.appendToStream(stream, [event], { expectedRevision });
    expect((await other.readStream(stream))[0]!.data).toEqual(event.data);
    expect((await db.pool.query('SELECT 1 FROM personal_data_keys WHERE person_id = $1', [owner])).rowCount).toBe(1);

    const erased = randomUUID();
    await new PersonalDataKeys(db.pool).destroy(erased); // a tombstone, never a new key
    const late = `project-${randomUUID()}`;
    await store.appendToStream(late, [created(erased)], { expectedRevision });
    const read = (await other.readStream(late))[0]!.data as { shipping_notes: { shipping_address: Record<string, string> } };
    expect(read.shipping_notes.shipping_address.line1).toBe(ERASED);
    expect((await db.pool.query('SELECT data_key FROM personal_data_keys WHERE person_id = $1', [erased])).rows).toEqual([{ data_key: null }]);
  });

  it.each(['no_stream', 5] as const)('keeps the key of an append refused for its revision, so the next append of that person opens (%s)', async (expectedRevision) => {
    const store = protectPersonalData(new PostgresEventStore(db.pool), db.pool);
    await personalDataKeysOf(store)!.listen();
    try {
      const stream = `project-${randomUUID()}`;
      await store.appendToStream(stream, [created(randomUUID())]);
      const owner = randomUUID();
      await expect(store.appendToStream(stream, [created(owner)], { expectedRevision })).rejects.toBeInstanceOf(ConcurrencyError);
      expect((await db.pool.query('SELECT 1 FROM personal_data_keys WHERE person_id = $1', [owner])).rowCount).toBe(1);
      const next = `project-${randomUUID()}`;
      const event = created(owner);
      await store.appendToStream(next, [event]);
      expect((await elsewhere().readStream(next))[0]!.data).toEqual(event.data);
    } finally {
      await personalDataKeysOf(store)!.unlisten();
    }
  });

  it('appends a draft to a stream whose subject the process remembers in one statement, as a bare append', async () => {
    const store = protectPersonalData(new PostgresEventStore(db.pool), db.pool);
    await personalDataKeysOf(store)!.listen();
    try {
      const owner = randomUUID();
      const stream = `project-${randomUUID()}`;
      await store.appendToStream(stream, [created(owner)], { expectedRevision: 'no_stream' });
      const saved = draft(owner, 'Norfolk');
      const statements = await statementsDuring(db.pool, () => store.appendToStream(stream, [saved], { expectedRevision: 0 }));
      expect(statements, statements.join('\n---\n')).toHaveLength(1);
      expect(await sealedFor(saved.id)).toBe(owner);
      expect((await elsewhere().readStream(stream, { fromRevision: 1 }))[0]!.data).toEqual(saved.data);
      // A process that has not seen the stream looks its subject up once, then remembers it.
      const other = elsewhere();
      await other.appendToStream(stream, [draft(owner, 'Richmond')]);
      const again = await statementsDuring(db.pool, () => other.appendToStream(stream, [draft(owner, 'Roanoke')]));
      expect(again.filter((sql) => sql.includes('personal_data_subjects'))).toEqual([]);
    } finally {
      await personalDataKeysOf(store)!.unlisten();
    }
  });

  it('answers a retried append (the same event ids) as the first, storing nothing twice, with any, an exact revision and from another process', async () => {
    const store = protectPersonalData(new PostgresEventStore(db.pool), db.pool);
    await personalDataKeysOf(store)!.listen();
    try {
      const owner = randomUUID();
      const stream = `project-${randomUUID()}`;
      const first = [created(owner), draft(owner, 'Norfolk')];
      expect(await store.appendToStream(stream, first, { expectedRevision: 'any' })).toEqual({ nextRevision: 1 });
      // Found stored before the stream's row is touched ('any'), found after the revision is refused (exact), and from a
      // process holding no key of the owner (its new key is refused first: the owner has one).
      expect(await store.appendToStream(stream, first, { expectedRevision: 'any' })).toEqual({ nextRevision: 1 });
      const saved = draft(owner, 'Richmond');
      expect(await store.appendToStream(stream, [saved], { expectedRevision: 1 })).toEqual({ nextRevision: 2 });
      expect(await store.appendToStream(stream, [saved], { expectedRevision: 1 })).toEqual({ nextRevision: 2 });
      expect(await elsewhere().appendToStream(stream, first, { expectedRevision: 'no_stream' })).toEqual({ nextRevision: 1 });
      const events = await elsewhere().readStream(stream);
      expect(events.map((event) => event.data)).toEqual([...first, saved].map((event) => event.data));
      expect((await db.pool.query('SELECT person_id FROM personal_data_subjects WHERE stream_id = $1', [stream])).rows).toEqual([{ person_id: owner }]);
      expect((await db.pool.query('SELECT 1 FROM personal_data_keys WHERE person_id = $1', [owner])).rowCount).toBe(1);
    } finally {
      await personalDataKeysOf(store)!.unlisten();
    }
  });

  it('seals for the new owner after a transfer made by another process, though it remembered the old one', async () => {
    const store = protectPersonalData(new PostgresEventStore(db.pool), db.pool);
    const [owner, newOwner] = [randomUUID(), randomUUID()];
    const stream = `project-${randomUUID()}`;
    await store.appendToStream(stream, [created(owner), draft(owner, 'Norfolk')]); // remembers the owner
    await elsewhere().appendToStream(stream, [transferred(newOwner)]);
    const saved = draft(newOwner, 'Alexandria');
    await store.appendToStream(stream, [saved], { expectedRevision: 2 });
    expect(await sealedFor(saved.id)).toBe(newOwner);
    const events = await elsewhere().readStream(stream);
    expect(events.map((event) => event.type)).toEqual(['ProjectCreated', 'DraftSaved', 'ProjectTransferred', 'DraftSaved']);
    expect(events[3]!.data).toEqual(saved.data);
    // Erasing the old owner leaves the new owner's draft readable; erasing the new owner erases it.
    await new PersonalDataKeys(db.pool).destroy(owner);
    const afterOld = await elsewhere().readStream(stream);
    expect(afterOld[1]!.data).toMatchObject({ shipping_notes: { shipping_address: { city: ERASED } } });
    expect(afterOld[3]!.data).toEqual(saved.data);
    await new PersonalDataKeys(db.pool).destroy(newOwner);
    expect((await elsewhere().readStream(stream))[3]!.data).toMatchObject({ shipping_notes: { shipping_address: { city: ERASED } } });
  });

  it('checks the subject a draft was sealed for before recording the one a later event of the same append names', async () => {
    const store = protectPersonalData(new PostgresEventStore(db.pool), db.pool);
    await personalDataKeysOf(store)!.listen();
    try {
      const [owner, newOwner] = [randomUUID(), randomUUID()];
      const stream = `project-${randomUUID()}`;
      await store.appendToStream(stream, [created(owner)], { expectedRevision: 'no_stream' }); // remembers the owner
      const saved = draft(owner, 'Norfolk');
      // Sealed for the remembered owner (p_sealed_for), and the stream's subject after it the new owner (p_subject).
      const statements = await statementsDuring(db.pool, () => store.appendToStream(stream, [saved, transferred(newOwner)], { expectedRevision: 0 }));
      expect(statements).toHaveLength(1);
      expect(await sealedFor(saved.id)).toBe(owner);
      expect((await db.pool.query('SELECT person_id FROM personal_data_subjects WHERE stream_id = $1', [stream])).rows).toEqual([{ person_id: newOwner }]);
      expect((await elsewhere().readStream(stream, { fromRevision: 1 }))[0]!.data).toEqual(saved.data);
    } finally {
      await personalDataKeysOf(store)!.unlisten();
    }
  });
});

describe('the append functions as stored', () => {
  it('keep their argument lists uncompressed, read on every call (decision 0296)', async () => {
    // Past about 2 kB PostgreSQL compresses a function's pg_proc row column by column; the argument
    // names, types and modes are decompressed twice per call. Only the body may be compressed.
    const result = await db.pool.query<{ proname: string; names: string | null; types: string | null; modes: string | null }>(
      `SELECT proname, pg_column_compression(proargnames) AS names, pg_column_compression(proallargtypes) AS types,
              pg_column_compression(proargmodes) AS modes
         FROM pg_proc WHERE proname IN ('shop_append_events', 'shop_append_sealed_events') ORDER BY proname`,
    );
    expect(result.rows).toEqual([
      { proname: 'shop_append_events', names: null, types: null, modes: null },
      { proname: 'shop_append_sealed_events', names: null, types: null, modes: null },
    ]);
  });
});

describe('a new person\'s key under a key-encryption key the database no longer names', () => {
  it.each(['any', 'no_stream'] as const)('is not stored: the append stores nothing, reads the database\'s key-encryption key and wraps under that (%s)', async (expectedRevision) => {
    // Its own database: the key-encryption key the database names moves on here, as a purge's re-wrap moves it.
    const own = await createTestDatabase(inject('adminDatabaseUrl'));
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sealed-append-kek-'));
    try {
      const keks = await FileKeyEncryptionKeys.open(path.join(dir, 'kek.json'));
      const store = protectPersonalData(new PostgresEventStore(own.pool), own.pool, keks);
      const [first, second] = [randomUUID(), randomUUID()];
      await store.appendToStream(`project-${randomUUID()}`, [created(first)]); // the process now remembers the wrapping key
      const old = await keks.current();
      const next = await keks.rotate();
      await own.pool.query('UPDATE personal_data_kek SET kek_id = $1', [next]);
      const stream = `project-${randomUUID()}`;
      const event = created(second);
      await store.appendToStream(stream, [event], { expectedRevision });
      const keys = await own.pool.query<{ person_id: string; kek_id: string }>('SELECT person_id, kek_id FROM personal_data_keys ORDER BY created_at');
      expect(keys.rows).toEqual([
        { person_id: first, kek_id: old },
        { person_id: second, kek_id: next },
      ]);
      const stored = await own.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [stream]);
      expect(stored.rows[0]!.n).toBe(1);
      expect((await protectPersonalData(new PostgresEventStore(own.pool), own.pool, keks).readStream(stream))[0]!.data).toEqual(event.data);
    } finally {
      await own.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
