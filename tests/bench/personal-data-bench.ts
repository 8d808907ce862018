import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPool, FileKeyEncryptionKeys, personalDataKeysOf, useKeyEncryptionKeys, PostgresEventStore, protectPersonalData, START, type EventStore, type NewEvent } from '@shop/infra';
import { allProjections, rebuildProjection } from '@shop/projectors';
import { fmt } from './measure.js';
import type { BenchContext, Row } from './bench-context.js';

/**
 * The cost of sealing personal fields (docs/decisions/0160): the same projects appended and read
 * back in global order through the bare PostgreSQL store (baseline) and through the protected one,
 * each into its own fresh database of the same PostgreSQL.
 */
const address = { recipient_name: 'Bench Person', line1: '1 Main St', city: 'Brooklyn', state: 'NY', postal_code: '11201' };

function projectEvents(ownerId: string, drafts: number): NewEvent[] {
  const body = { name: 'Pillows', category: null, fabrics: [], additional_notes: '', notes: {}, shipping_notes: { shipping_address: address, delivery_type: 0 }, shipping_cost: 0 };
  const stamp = { at: new Date().toISOString(), by: ownerId };
  const envelope = (type: string, data: Record<string, unknown>): NewEvent => ({
    id: randomUUID(),
    type,
    data: { ...data, ...stamp },
    metadata: { actor: ownerId, correlationId: randomUUID(), causationId: null, occurredAt: stamp.at },
  });
  return [
    envelope('ProjectCreated', { projectId: randomUUID(), ownerId, organizationId: null, productionTime: 3, ...body }),
    ...Array.from({ length: drafts }, () => envelope('DraftSaved', body)),
  ];
}

async function measure(url: string, protect: boolean, projects: number): Promise<{ appendPerS: number; readPerS: number; rebuildPerS: number; events: number }> {
  const pool = createPool(url, 10);
  const bare = new PostgresEventStore(pool);
  // As the shop runs it: data keys wrapped under a key-encryption key file, opened keys cached (docs/decisions/0162).
  const keks = await FileKeyEncryptionKeys.open(path.join(await mkdtemp(path.join(os.tmpdir(), 'bench-keys-')), 'kek.json'));
  useKeyEncryptionKeys(keks); // the rebuild's own log reader opens keys with the process's
  const store: EventStore = protect ? protectPersonalData(bare, pool, keks) : bare;
  await personalDataKeysOf(store)?.listen();
  try {
    const started = performance.now();
    for (let n = 0; n < projects; n++) {
      const ownerId = randomUUID();
      // Every owner appends one stream, as customers do: key made once, then reused.
      await store.appendToStream(`project-${randomUUID()}`, projectEvents(ownerId, 4), { expectedRevision: 'no_stream' });
    }
    const appendMs = performance.now() - started;
    const events = projects * 5;
    const readStarted = performance.now();
    let read = 0;
    for (let from = START; ; ) {
      const batch = await store.readAll({ from, limit: 500 });
      if (batch.length === 0) break;
      read += batch.length;
      from = batch[batch.length - 1]!.checkpoint;
    }
    const readMs = performance.now() - readStarted;
    if (read !== events) throw new Error(`read ${read} of ${events} events`);
    // A replay: the project details read model rebuilt from event 0 (rows written, swapped in).
    const projection = allProjections.find((candidate) => candidate.name === 'projects')!;
    const rebuilt = await rebuildProjection({ pool, eventStore: store }, projection);
    return { appendPerS: (events / appendMs) * 1000, readPerS: (events / readMs) * 1000, rebuildPerS: (rebuilt.events / rebuilt.ms) * 1000, events };
  } finally {
    await personalDataKeysOf(store)?.unlisten();
    await pool.end();
  }
}

export async function personalDataBench(context: BenchContext): Promise<Row[]> {
  const projects = context.quick ? 400 : 2000;
  const baseline = await measure(await context.freshDatabase(), false, projects);
  const sealed = await measure(await context.freshDatabase(), true, projects);
  const row = (name: string, base: number, value: number): Row => ({
    section: 'personal-data',
    case: name,
    figures: `bare ${fmt(base)} events/s, sealed ${fmt(value)} events/s (${fmt(baseline.events)} events, 1 ProjectCreated + 4 DraftSaved per owner)`,
    ratio: `${fmt(value / base, 2)}× of bare`,
  });
  return [
    row('append, one stream per owner', baseline.appendPerS, sealed.appendPerS),
    row('readAll in batches of 500', baseline.readPerS, sealed.readPerS),
    row('rebuild of the projects read model', baseline.rebuildPerS, sealed.rebuildPerS),
  ];
}
