import { createPool, PostgresEventStore, type Pool } from '@shop/infra';
import { allProjections, rebuildAll } from '@shop/projectors';
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

/** events/s rebuilding every projection from event 0 (fresh tables, swapped in) vs a raw read. */
export async function replayBench(context: BenchContext): Promise<Row[]> {
  const rows: Row[] = [];
  for (const size of context.quick ? [10_000] : [100_000, 1_000_000]) {
    const pool = createPool(await context.freshDatabase(), 10);
    try {
      await loadEvents(pool, size);
      await pool.query('VACUUM ANALYZE events');
      const t0 = performance.now();
      const read = await rawSequentialRead(pool);
      const rawSeconds = (performance.now() - t0) / 1000;
      const t1 = performance.now();
      await rebuildAll({ pool, eventStore: new PostgresEventStore(pool) }, allProjections);
      const rebuildSeconds = (performance.now() - t1) / 1000;
      const rebuildRate = size / rebuildSeconds;
      const rawRate = read / rawSeconds;
      rows.push({
        section: 'replay',
        case: `${fmt(size)} events, all ${allProjections.length} projections`,
        figures: `rebuild ${fmt(rebuildRate)} ev/s (${fmt(rebuildSeconds, 1)} s) · raw sequential read ${fmt(rawRate)} ev/s`,
        ratio: `rebuild/raw ${fmt(rebuildRate / rawRate, 3)}`,
      });
    } finally {
      await pool.end();
    }
  }
  return rows;
}
