import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PaymentRecorded, projectDecider, SYSTEM_ACTOR, type ProjectEvent } from '@shop/domain';
import { handleCommand, loadStream, uuidIds } from '@shop/infra';
import { PostgresEventStore, UpcastingEventStore } from '@shop/event-store';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { allProjections, applyBatch, readModelMigrationDirs, rebuildAll } from '@shop/projectors';
import { appendDomainEvents, projectCreated, projectEvents as e } from './support/domain-events.js';

/**
 * PaymentRecorded changed shape (version 2 adds `chargeId`). Version-1 events stored before the
 * change must still replay through today's projections and deciders, upcast on read, never rewritten.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'), readModelMigrationDirs);
}, 120_000);
afterAll(async () => {
  await db?.drop();
});

const stream = 'project-old1';
const at = (minute: number) => new Date(Date.UTC(2023, 5, 1, 9, minute)).toISOString();

/** A payment as version 1 wrote it: the charge reference only inside the text. */
async function storeVersionOnePayment(): Promise<void> {
  const data = { amount: 20000, partial: true, remaining: 34000, details: 'Card payment via sandbox (TEST MODE), charge sandbox_v1charge', at: at(4), by: 'u-old' };
  expect(PaymentRecorded.safeParse({ type: 'PaymentRecorded', data }).success).toBe(false);
  await new PostgresEventStore(db.pool).appendToStream(stream, [
    { id: randomUUID(), type: 'PaymentRecorded', schemaVersion: 1, data, metadata: { actor: 'u-old', correlationId: randomUUID(), causationId: null, occurredAt: at(4) } },
  ]);
}

describe('upcasting old event versions', () => {
  it('a rebuild reads again what an upcaster changed: a version-1 payment whose upcast is not a payment stops it loudly, and nothing is swapped in', { timeout: 300_000 }, async () => {
    // Its own database: the bad event stays in the log.
    const bad = await createTestDatabase(inject('adminDatabaseUrl'), readModelMigrationDirs);
    try {
      const badStream = 'project-bad1';
      await appendDomainEvents(bad.pool, badStream, [projectCreated({ projectId: 'bad1', ownerId: 'u-old', at: at(0) }), e.submitted(at(1), 'u-old')]);
      // The upcaster adds the charge id; the amount was never a number.
      const data = { amount: 'twenty', partial: true, remaining: 34000, details: 'check #1', at: at(4), by: 'u-old' };
      await new PostgresEventStore(bad.pool).appendToStream(badStream, [
        { id: randomUUID(), type: 'PaymentRecorded', schemaVersion: 1, data, metadata: { actor: 'u-old', correlationId: randomUUID(), causationId: null, occurredAt: at(4) } },
      ]);
      const projects = allProjections.filter((projection) => projection.name === 'projects');
      await expect(rebuildAll({ pool: bad.pool, eventStore: new UpcastingEventStore(new PostgresEventStore(bad.pool)) }, projects)).rejects.toThrow(/projects.*PaymentRecorded|amount/s);
      expect((await bad.pool.query('SELECT count(*)::int AS n FROM project_details')).rows[0].n).toBe(0);
    } finally {
      await bad.drop();
    }
  });

  it('replays version-1 events through the current projections and deciders', { timeout: 300_000 }, async () => {
    const history: ProjectEvent[] = [
      projectCreated({ projectId: 'old1', ownerId: 'u-old', at: at(0) }),
      e.submitted(at(1), 'u-old'),
      e.approved(at(2), 'staff'),
      e.invoiceSent(at(3), 'staff', 'old@example.com'),
    ];
    await appendDomainEvents(db.pool, stream, history);
    await storeVersionOnePayment();
    const raw = new PostgresEventStore(db.pool);
    const stored = await raw.readStream(stream);
    expect(stored.at(-1)).toMatchObject({ type: 'PaymentRecorded', schemaVersion: 1 });
    expect(stored.at(-1)!.data).not.toHaveProperty('chargeId');

    // Without upcasting, today's revenue projection refuses the old shape.
    const revenue = allProjections.find((projection) => projection.name === 'revenue')!;
    await expect(applyBatch(db.pool, revenue, stored)).rejects.toThrow();

    // Read through the upcasting store, every projection replays it.
    const eventStore = new UpcastingEventStore(raw);
    await rebuildAll({ pool: db.pool, eventStore }, allProjections);
    const payments = await db.pool.query('SELECT amount, partial, remaining FROM revenue_payments WHERE stream_id = $1', [stream]);
    expect(payments.rows).toEqual([{ amount: 20000, partial: true, remaining: 34000 }]);
    const upcast = (await eventStore.readStream(stream)).at(-1)!;
    expect(upcast).toMatchObject({ schemaVersion: 2, data: { chargeId: 'sandbox_v1charge' } });

    // The write side folds it with the decider and decides on it: the balance is owed, then paid.
    const { state } = await loadStream(raw, projectDecider, stream);
    expect(state).toMatchObject({ status: 'existing', project: { balance_remaining: 34000 } });
    const clock = { now: () => new Date(at(10)) };
    const result = await handleCommand({ eventStore: raw, clock, ids: uuidIds }, projectDecider, stream, () => ({
      type: 'RecordPayment' as const, amount: 34000, partial: false, details: 'Card payment via sandbox, charge sandbox_v2charge', chargeId: 'sandbox_v2charge', at: at(10), actor: SYSTEM_ACTOR,
    }), { actor: SYSTEM_ACTOR.userId, correlationId: randomUUID() });
    expect(result.revision).toBe(5);
    const written = (await raw.readStream(stream)).at(-1)!;
    expect(written).toMatchObject({ type: 'PaymentRecorded', schemaVersion: 2, data: { chargeId: 'sandbox_v2charge', remaining: 0 } });
    // The old event is never rewritten.
    expect((await raw.readStream(stream))[4]).toMatchObject({ schemaVersion: 1 });
  });
});
