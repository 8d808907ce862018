import { createPool, PostgresEventStore, type Pool } from '@shop/infra';
import { allProjections, defaultWorkers, rebuildAll, rebuildOneByOne } from '@shop/projectors';
import type { BenchContext, Row } from './bench-context.js';
import { loadEvents } from '../support/event-history.js';
import { fmt } from './measure.js';

/** Sequential read of the whole events table in pages, the floor any replay stands on. */
async function rawSequentialRead(pool: Pool): Promise<number> {
  let after = 0;
  let read = 0;
  for (;;) {
    const page = await pool.query<{ global_position: string }>(
      'SELECT global_position, event_id, stream_id, stream_revision, event_type, data, metadata FROM events WHERE global_position > $1 ORDER BY global_position LIMIT 2000',
      [after],
    );
    if (page.rows.length === 0) return read;
    read += page.rows.length;
    after = Number(page.rows[page.rows.length - 1]!.global_position);
  }
}

async function seconds(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/** `--size=100000` (or `--size=100000,1000000`) replaces the default sizes. */
function sizes(quick: boolean): number[] {
  const option = process.argv.find((arg) => arg.startsWith('--size='));
  if (option) return option.slice('--size='.length).split(',').map(Number);
  return quick ? [10_000] : [100_000, 1_000_000];
}

/**
 * events/s rebuilding every projection from event 0 (one pass, swapped in) at 1 worker and at
 * one per core, next to a raw sequential read of the same table in the same run; up to 100k
 * events also the engine it replaced (each projection alone, through its own handlers).
 */
export async function replayBench(context: BenchContext): Promise<Row[]> {
  const rows: Row[] = [];
  const workers = defaultWorkers();
  for (const size of sizes(context.quick)) {
    const pool = createPool(await context.freshDatabase(), 10);
    const deps = { pool, eventStore: new PostgresEventStore(pool) };
    try {
      await loadEvents(pool, size);
      await pool.query('VACUUM ANALYZE events');
      const read = await rawSequentialRead(pool); // warms the cache for every reader alike
      const rawRate = read / (await seconds(() => rawSequentialRead(pool)));
      const one = size / (await seconds(() => rebuildAll(deps, allProjections, { workers: 1 })));
      const many = size / (await seconds(() => rebuildAll(deps, allProjections, { workers })));
      const legacy = size <= 100_000 ? size / (await seconds(() => rebuildOneByOne(deps, allProjections))) : null;
      rows.push({
        section: 'replay',
        case: `${fmt(size)} events, all ${allProjections.length} projections`,
        figures:
          `rebuild 1 worker ${fmt(one)} ev/s · ${workers} workers ${fmt(many)} ev/s · raw sequential read ${fmt(rawRate)} ev/s` +
          (legacy === null ? '' : ` · before (one projection at a time) ${fmt(legacy)} ev/s`),
        ratio: `rebuild/raw ${fmt(one / rawRate, 3)} (1 worker) · ${fmt(many / rawRate, 3)} (${workers} workers)` + (legacy === null ? '' : ` · before ${fmt(legacy / rawRate, 3)}`),
      });
    } finally {
      await pool.end();
    }
  }
  return rows;
}
