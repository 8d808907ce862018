import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PostgresEventStore } from '@shop/event-store';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { SessionNotingEventStore, withSessionWrites } from './session-writes.js';

/**
 * Appends are noted in the session of the request whose handler made them, also when handlers
 * overlap and one ends first, and the async context, switched off when none runs, comes back
 * for the next one (decision 0262).
 */
let db: TestDatabase;
let store: SessionNotingEventStore;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  store = new SessionNotingEventStore(new PostgresEventStore(db.pool), { now: () => new Date('2026-01-01T00:00:00Z') });
});
afterAll(async () => {
  await db?.drop();
});

const event = () => ({ id: randomUUID(), type: 'Noted', data: { n: 1 }, metadata: { actor: 't', correlationId: randomUUID(), causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' } });
const request = () => ({ session: {} }) as unknown as Request;
const written = (req: Request) => Object.keys(req.session.writes ?? {});

describe('session writes', () => {
  it('notes each append in its own request’s session, while handlers overlap and after they all ended', async () => {
    const [first, second, third] = [request(), request(), request()];
    let letFirstAppend = () => undefined as void;
    const firstDone = withSessionWrites(first, async () => {
      await new Promise<void>((resolve) => (letFirstAppend = resolve));
      await store.appendToStream('noted-first', [event()]);
    });
    // The second starts and ends while the first still waits: the first keeps its context.
    await withSessionWrites(second, () => store.appendToStream('noted-second', [event()]));
    letFirstAppend();
    await firstDone;
    expect(written(first)).toEqual(['noted-first']);
    expect(written(second)).toEqual(['noted-second']);

    // None runs now: an append outside a handler is nobody's.
    await store.appendToStream('noted-nobody', [event()]);
    await withSessionWrites(third, () => store.appendToStream('noted-third', [event()]));
    expect(written(third)).toEqual(['noted-third']);
    expect([...written(first), ...written(second)]).not.toContain('noted-nobody');
  });
});
