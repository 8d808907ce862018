import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPool, FileKeyEncryptionKeys, personalDataKeysOf, useKeyEncryptionKeys, PostgresEventStore, protectPersonalData, START, type EventStore, type NewEvent, type Pool } from '@shop/infra';
import { allProjections, rebuildProjection } from '@shop/projectors';
import { fmt } from './measure.js';
import type { BenchContext, Row } from './bench-context.js';

/**
 * The cost of sealing personal fields (docs/decisions/0160): the same projects appended and read
 * back in global order through the bare PostgreSQL store (baseline) and through the protected one,
 * each into its own fresh database of the same PostgreSQL, taking turns.
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

interface Side {
  pool: Pool;
  store: EventStore;
  appendMs: number;
  readMs: number;
  events: number;
}

async function openSide(url: string, protect: boolean): Promise<Side> {
  const pool = createPool(url, 10);
  const bare = new PostgresEventStore(pool);
  let store: EventStore = bare;
  if (protect) {
    // As the shop runs it: data keys wrapped under a key-encryption key file, opened keys cached (docs/decisions/0162).
    const keks = await FileKeyEncryptionKeys.open(path.join(await mkdtemp(path.join(os.tmpdir(), 'bench-keys-')), 'kek.json'));
    useKeyEncryptionKeys(keks); // the rebuild's own log reader opens keys with the process's
    store = protectPersonalData(bare, pool, keks);
    await personalDataKeysOf(store)?.listen();
  }
  return { pool, store, appendMs: 0, readMs: 0, events: 0 };
}

async function appendOwners(side: Side, owners: number): Promise<void> {
  const started = performance.now();
  for (let n = 0; n < owners; n++) {
    // Every owner appends one stream, as customers do: a new person, so a key is made.
    await side.store.appendToStream(`project-${randomUUID()}`, projectEvents(randomUUID(), 4), { expectedRevision: 'no_stream' });
  }
  side.appendMs += performance.now() - started;
  side.events += owners * 5;
}

async function readEverything(side: Side): Promise<void> {
  const started = performance.now();
  let read = 0;
  for (let from = START; ; ) {
    const batch = await side.store.readAll({ from, limit: 500 });
    if (batch.length === 0) break;
    read += batch.length;
    from = batch[batch.length - 1]!.checkpoint;
  }
  side.readMs += performance.now() - started;
  if (read !== side.events) throw new Error(`read ${read} of ${side.events} events`);
}

/** A replay: the project details read model rebuilt from event 0 (rows written, swapped in). */
async function rebuildRate(side: Side): Promise<number> {
  const projection = allProjections.find((candidate) => candidate.name === 'projects')!;
  const rebuilt = await rebuildProjection({ pool: side.pool, eventStore: side.store }, projection);
  return (rebuilt.events / rebuilt.ms) * 1000;
}

/**
 * Bare and sealed take turns, in rounds (the appends in quarters, the whole log read four times,
 * each side first in every other round), so a load spike on this shared machine falls on both.
 */
async function measure(context: BenchContext, projects: number) {
  const bare = await openSide(await context.freshDatabase(), false);
  const sealed = await openSide(await context.freshDatabase(), true);
  try {
    const rounds = [0, 1, 2, 3];
    for (const round of rounds) for (const side of round % 2 ? [sealed, bare] : [bare, sealed]) await appendOwners(side, projects / rounds.length);
    for (const round of rounds) for (const side of round % 2 ? [sealed, bare] : [bare, sealed]) await readEverything(side);
    const perSecond = (events: number, ms: number) => (events / ms) * 1000;
    return {
      events: bare.events,
      append: [perSecond(bare.events, bare.appendMs), perSecond(sealed.events, sealed.appendMs)] as const,
      read: [perSecond(bare.events * rounds.length, bare.readMs), perSecond(sealed.events * rounds.length, sealed.readMs)] as const,
      rebuild: [await rebuildRate(bare), await rebuildRate(sealed)] as const,
    };
  } finally {
    await personalDataKeysOf(sealed.store)?.unlisten();
    await Promise.all([bare.pool.end(), sealed.pool.end()]);
  }
}

export async function personalDataBench(context: BenchContext): Promise<Row[]> {
  const projects = context.quick ? 400 : 2000;
  const figures = await measure(context, projects);
  const row = (name: string, [base, value]: readonly [number, number]): Row => ({
    section: 'personal-data',
    case: name,
    figures: `bare ${fmt(base)} events/s, sealed ${fmt(value)} events/s (${fmt(figures.events)} events, 1 ProjectCreated + 4 DraftSaved per owner)`,
    ratio: `${fmt(value / base, 2)}× of bare`,
  });
  return [
    row('append, one stream per owner (target >= 0.8×)', figures.append),
    row('readAll in batches of 500, 4 passes (target >= 0.6×)', figures.read),
    row('rebuild of the projects read model', figures.rebuild),
  ];
}
