import { randomUUID } from 'node:crypto';
import { ERASED } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { NewEvent, Pool } from '@shop/infra';
import { protectPersonalData } from './open-event-store.js';
import { PostgresEventStore } from '@shop/event-store';
import { storedEventOpener } from './stored-event-opener.js';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { PersonalDataKeys } from './personal-data-keys.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(async () => {
  await db?.drop();
});

const stamp = { at: '2026-01-02T03:04:05.000Z', by: 'system' };
const event = (type: string, data: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type,
  data: { ...data, ...stamp },
  metadata: { actor: 'system', correlationId: randomUUID(), causationId: null, occurredAt: stamp.at },
});
const registered = (userId: string, name: string) => event('Registered', { userId, email: `${name}@example.com`, name, phone: '', isDesigner: false });

/** The pool with a count of the statements sent through it. */
function counted(pool: Pool): { pool: Pool; statements: () => number } {
  let statements = 0;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const wrapped = Object.create(pool) as Pool;
  (wrapped as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    statements++;
    return query(...args);
  };
  return { pool: wrapped, statements: () => statements };
}

describe('the rebuild opener remembering keys', () => {
  it('opens events as the protected store reads them, with one look-up per page of new streams', async () => {
    const plain = new PostgresEventStore(db.pool);
    const store = protectPersonalData(plain, db.pool);
    const keys = new PersonalDataKeys(db.pool);
    const [sealed, legacy, erased] = [randomUUID(), randomUUID(), randomUUID()];
    // Sealed under its subject's key; written in clear before encryption; sealed, then erased.
    await store.appendToStream(`account-${sealed}`, [registered(sealed, 'sealed'), event('ProfileUpdated', { phone: '555-0101' })]);
    await plain.appendToStream(`account-${legacy}`, [registered(legacy, 'legacy')]);
    await keys.setSubject(`account-${legacy}`, legacy);
    await store.appendToStream(`account-${erased}`, [registered(erased, 'erased')]);
    await keys.destroy(erased);
    // No subject on record at all (a stream of events without personal fields, or never claimed).
    await plain.appendToStream(`account-${randomUUID()}`, [registered(randomUUID(), 'nobody')]);

    const stored = await plain.readAll({ limit: 10_000 });
    const expected = await store.readAll({ limit: 10_000 });
    const { pool, statements } = counted(db.pool);
    const opener = storedEventOpener(pool);

    await opener.prepare(stored);
    expect(statements()).toBe(1);
    const opened = await opener.open(stored);
    expect(statements()).toBe(1); // every key and subject came with the page's look-up
    expect(opened.map((e) => e.data)).toEqual(expected.map((e) => e.data));
    const names = Object.fromEntries(opened.filter((e) => e.type === 'Registered').map((e) => [e.data.userId, e.data.name]));
    expect([names[sealed], names[legacy], names[erased]]).toEqual(['sealed', 'legacy', ERASED]);

    // The same streams again (a later page): nothing more to look up, even for those with no subject or key.
    await opener.prepare(stored);
    expect(await opener.open(stored)).toEqual(opened);
    expect(statements()).toBe(1);
  });

  it('looks up what a page did not prepare when it is opened', async () => {
    const store = protectPersonalData(new PostgresEventStore(db.pool), db.pool);
    const userId = randomUUID();
    await store.appendToStream(`account-${userId}`, [registered(userId, 'late')]);
    const stored = (await new PostgresEventStore(db.pool).readStream(`account-${userId}`));
    const { pool, statements } = counted(db.pool);
    const opened = await storedEventOpener(pool).open(stored);
    expect(opened[0]!.data.name).toBe('late');
    expect(statements()).toBeGreaterThan(0);
  });
});
