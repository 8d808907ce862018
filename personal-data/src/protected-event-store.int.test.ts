import { randomUUID } from 'node:crypto';
import { ERASED } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eventStoreContract } from '@shop/event-store/contract';
import type { NewEvent, StoredEvent } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { protectPersonalData } from './open-event-store.js';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { openInto, seal, sealAesGcm } from './field-cipher.js';
import { takeOut } from './personal-paths.js';
import { PersonalDataKeys } from './personal-data-keys.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(async () => {
  await db?.drop();
});

// The wrapper must not change the store's behaviour for events without personal data.
eventStoreContract('PostgreSQL with personal data protection', () => protectPersonalData(new PostgresEventStore(db.pool, { pollIntervalMs: 20 }), db.pool));

const event = (type: string, data: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actor: 'system', correlationId: randomUUID(), causationId: null, occurredAt: '2026-01-02T03:04:05.000Z' },
});
const stamp = { at: '2026-01-02T03:04:05.000Z', by: 'system' };
const address = { recipient_name: 'Ada Lovelace', line1: '1 Analytical Way', city: 'London', state: 'NY', postal_code: '10001' };

async function rawData(eventId: string): Promise<string> {
  const result = await db.pool.query<{ data: string }>('SELECT data::text AS data FROM events WHERE event_id = $1', [eventId]);
  return result.rows[0]!.data;
}

describe('personal data protection', () => {
  it('stores personal fields sealed under the subject key and reads them back in clear, in every read path', async () => {
    const store = protectPersonalData(new PostgresEventStore(db.pool, { pollIntervalMs: 20 }), db.pool);
    const userId = randomUUID();
    const registered = event('Registered', { userId, email: 'ada@example.com', name: 'Ada Lovelace', phone: '555-0101', isDesigner: false, ...stamp });
    await store.appendToStream(`account-${userId}`, [registered], { expectedRevision: 'no_stream' });
    const projectStream = `project-${randomUUID()}`;
    const created = event('ProjectCreated', { projectId: 'p1', ownerId: userId, shipping_notes: { shipping_address: address, delivery_type: 0 }, name: 'Sofa' });
    await store.appendToStream(projectStream, [created], { expectedRevision: 'no_stream' });

    const raw = (await rawData(registered.id)) + (await rawData(created.id));
    for (const clear of ['ada@example.com', 'Ada Lovelace', '555-0101', '1 Analytical Way', 'London', '10001']) expect(raw).not.toContain(clear);
    expect(raw).toContain(`:${userId}"`); // events name their key by person id
    const keyColumns = await db.pool.query('SELECT * FROM personal_data_keys WHERE person_id = $1', [userId]);
    expect(keyColumns.rows).toHaveLength(1);

    expect((await store.readStream(`account-${userId}`))[0]!.data).toEqual(registered.data);
    expect((await store.readStream(projectStream))[0]!.data).toEqual(created.data);
    const all = await store.readAll({ limit: 10_000 });
    expect(all.find((stored) => stored.id === created.id)!.data).toEqual(created.data);
    const paged: StoredEvent[] = [];
    for await (const page of store.readAllPages({ limit: 1 })) paged.push(...page);
    expect(paged.find((stored) => stored.id === created.id)!.data).toEqual(created.data);
    expect(paged.find((stored) => stored.id === registered.id)!.data).toEqual(registered.data);
    expect(await new PersonalDataKeys(db.pool).streamsOf(userId)).toEqual([`account-${userId}`, projectStream].sort());

    // Stopping waits for the running batch, so the test stops the subscription after it resolves.
    const seen: StoredEvent[] = [];
    let subscription: { stop: () => Promise<void> } | undefined;
    await new Promise<void>((resolve, reject) => {
      subscription = store.subscribeToAll({
        onBatch: async (batch) => {
          seen.push(...batch);
          if (seen.some((stored) => stored.id === created.id)) resolve();
        },
        onError: reject,
      });
    });
    await subscription?.stop();
    expect(seen.find((stored) => stored.id === registered.id)!.data).toEqual(registered.data);
  });

  it('reads the fields of an erased person as erased, sealed or written in clear before encryption, and takes in no new ones', async () => {
    const plain = new PostgresEventStore(db.pool);
    const store = protectPersonalData(plain, db.pool);
    const keys = new PersonalDataKeys(db.pool);
    const userId = randomUUID();
    const legacyStream = `account-${userId}`;
    // Written before protection existed: in clear, its subject recorded by the migration's backfill.
    const legacy = event('Registered', { userId, email: 'old@example.com', name: 'Old Name', phone: '', isDesigner: false, ...stamp });
    await plain.appendToStream(legacyStream, [legacy]);
    await keys.setSubject(legacyStream, userId);
    const updated = event('ProfileUpdated', { name: 'New Name', ...stamp });
    await store.appendToStream(legacyStream, [updated]);
    expect((await store.readStream(legacyStream)).map((stored) => stored.data.name)).toEqual(['Old Name', 'New Name']);

    await keys.destroy(userId);
    const read = await store.readStream(legacyStream);
    expect(read.map((stored) => [stored.data.email ?? null, stored.data.name, stored.data.phone ?? null])).toEqual([
      [ERASED, ERASED, ERASED],
      [null, ERASED, null],
    ]);
    expect(read[0]!.data.userId).toBe(userId); // ids, flags and times stay

    const after = event('ProfileUpdated', { phone: '555-0199', ...stamp });
    await store.appendToStream(legacyStream, [after]);
    expect(await rawData(after.id)).not.toContain('555-0199');
    expect((await store.readStream(legacyStream))[2]!.data.phone).toBe(ERASED);
  });

  it('reads envelopes of the first version (fields by dotted path) as before, and erases them', async () => {
    const plain = new PostgresEventStore(db.pool);
    const store = protectPersonalData(plain, db.pool);
    const keys = new PersonalDataKeys(db.pool);
    const ownerId = randomUUID();
    const key = (await keys.keyFor(ownerId)) as Buffer;
    // As appends stored them before the fragment (pd2) and XChaCha20-Poly1305 (pd3): AES-256-GCM, the clear text by path.
    const byPath = Object.fromEntries(Object.entries(address).map(([field, value]) => [`shipping_notes.shipping_address.${field}`, value]));
    const stored = Object.fromEntries(Object.keys(address).map((field) => [field, '[sealed]']));
    const envelope = sealAesGcm(JSON.stringify(byPath), ownerId, key, 'pd1:');
    const stream = `project-${randomUUID()}`;
    const old = event('ProjectCreated', { projectId: 'p9', ownerId, name: 'Sofa', shipping_notes: { shipping_address: stored, delivery_type: 0 }, $personal: envelope });
    await plain.appendToStream(stream, [old]);
    await keys.setSubject(stream, ownerId);
    const clear = { projectId: 'p9', ownerId, name: 'Sofa', shipping_notes: { shipping_address: address, delivery_type: 0 } };
    expect((await store.readStream(stream))[0]!.data).toEqual(clear);
    await keys.destroy(ownerId);
    expect((await store.readStream(stream))[0]!.data).toEqual({ ...clear, shipping_notes: { shipping_address: Object.fromEntries(Object.keys(address).map((field) => [field, ERASED])), delivery_type: 0 } });
  });

  it('writes pd4 envelopes holding the values alone, reads them beside the log\'s pd3 fragments, and erases both', async () => {
    const plain = new PostgresEventStore(db.pool);
    const store = protectPersonalData(plain, db.pool);
    const keys = new PersonalDataKeys(db.pool);
    const ownerId = randomUUID();
    const stream = `project-${randomUUID()}`;
    const created = event('ProjectCreated', { projectId: 'p8', ownerId, name: 'Sofa', shipping_notes: { shipping_address: address, delivery_type: 0 } });
    await store.appendToStream(stream, [created], { expectedRevision: 'no_stream' });
    const key = (await keys.keyFor(ownerId)) as Buffer;
    // As appends stored drafts before decision 0292: a pd3 envelope of the fragment, '[sealed]' in the fields.
    const older = { ...address, city: 'Paris' };
    const taken = takeOut('DraftSaved', { name: 'Sofa', shipping_notes: { shipping_address: older, delivery_type: 0 } }, '[sealed]')!;
    const draft = event('DraftSaved', { ...taken.data, $personal: seal(JSON.stringify(taken.fragment), ownerId, key, 'pd3:') });
    await plain.appendToStream(stream, [draft]);

    const stored = JSON.parse(await rawData(created.id)) as { $personal: string; shipping_notes: { shipping_address: Record<string, string> } };
    expect(stored.$personal.startsWith('pd4:')).toBe(true);
    expect(stored.shipping_notes.shipping_address).toEqual({ recipient_name: '', line1: '', city: '', state: '', postal_code: '' });
    // The clear text: the layout's number and the values in its order, no keys.
    const out = Buffer.alloc(stored.$personal.length);
    expect(out.toString('utf8', 0, openInto(stored.$personal, key, out, 0))).toBe(JSON.stringify([0, ...Object.values(address)]));

    const read = await store.readStream(stream);
    expect(read.map((one) => one.data)).toEqual([created.data, { name: 'Sofa', shipping_notes: { shipping_address: older, delivery_type: 0 } }]);
    await keys.destroy(ownerId);
    const erased = { recipient_name: ERASED, line1: ERASED, city: ERASED, state: ERASED, postal_code: ERASED };
    expect((await store.readStream(stream)).map((one) => one.data.shipping_notes)).toEqual([
      { shipping_address: erased, delivery_type: 0 },
      { shipping_address: erased, delivery_type: 0 },
    ]);
  });
});
