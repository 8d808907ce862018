import { randomUUID } from 'node:crypto';
import { ERASED } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { NewEvent, StoredEvent } from '@shop/infra';
import { personalDataKeysOf, protectPersonalData } from './open-event-store.js';
import { PostgresEventStore } from '@shop/event-store';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';

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
const addressOf = (ownerId: string) => ({ recipient_name: `Owner ${ownerId}`, line1: '1 Main St', city: 'Brooklyn', state: 'NY', postal_code: '11201' });

/** A project of `ownerId` with `drafts` drafts: every event holds the sealed address. */
async function projectWithDrafts(store: ReturnType<typeof protectPersonalData>, ownerId: string, drafts: number): Promise<void> {
  const body = { name: 'Pillows', shipping_notes: { shipping_address: addressOf(ownerId), delivery_type: 0 } };
  const events = [event('ProjectCreated', { projectId: randomUUID(), ownerId, ...body }), ...Array.from({ length: drafts }, () => event('DraftSaved', body))];
  await store.appendToStream(`project-${randomUUID()}`, events, { expectedRevision: 'no_stream' });
}

const addressIn = (stored: StoredEvent) => (stored.data.shipping_notes as { shipping_address: Record<string, string> }).shipping_address;

describe('sealed log pages opened as they are read', () => {
  it('reads a person erased during a read as ERASED from the next page it opens, and opens everyone else', async () => {
    const store = protectPersonalData(new PostgresEventStore(db.pool), db.pool);
    const [kept, erased] = [randomUUID(), randomUUID()];
    await projectWithDrafts(store, kept, 170);
    await projectWithDrafts(store, erased, 150);

    const pages: StoredEvent[][] = [];
    for await (const page of store.readAllPages({ limit: 100 })) {
      pages.push(page);
      // Page two is read ahead already, sealed: it is opened after the erasure, with the keys as they are then.
      if (pages.length === 1) await personalDataKeysOf(store)!.destroy(erased);
    }
    expect(pages.map((page) => page.length)).toEqual([100, 100, 100, 22]);
    const events = pages.flat();
    for (const stored of events.slice(0, 171)) expect(addressIn(stored)).toEqual(addressOf(kept));
    for (const stored of events.slice(171)) expect(Object.values(addressIn(stored))).toEqual(Array(5).fill(ERASED));
    expect(events.some((stored) => '$personal' in stored.data)).toBe(false);
  });

  it('leaves nothing running when a reader stops after a page, and opens the whole log for the next one', async () => {
    const store = protectPersonalData(new PostgresEventStore(db.pool), db.pool);
    const owner = randomUUID();
    await projectWithDrafts(store, owner, 199);
    for await (const page of store.readAllPages({ limit: 100 })) {
      expect(page).toHaveLength(100);
      break;
    }
    expect(db.pool.idleCount).toBe(db.pool.totalCount); // the read ahead ended with the loop

    const opened: StoredEvent[] = [];
    for await (const page of store.readAllPages({ limit: 100 })) opened.push(...page);
    const mine = opened.filter((stored) => addressIn(stored).recipient_name === `Owner ${owner}`);
    expect(mine).toHaveLength(200);
    for (const stored of mine) expect(addressIn(stored)).toEqual(addressOf(owner));
  });
});
