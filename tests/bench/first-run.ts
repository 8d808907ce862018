import { createPool } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { allProjections, rebuildAll, rebuildsTidied } from '@shop/projectors';
import { rawSequentialRead } from './raw-read.js';

/**
 * A process's first run of one thing, against the database in DATABASE_URL: `rebuild` (every
 * projection, 1 worker, as `npm run replay` runs it) or `read` (the raw sequential read). Started
 * by the replay benchmark (replay-bench.ts) with its Node flags, so both pay the same start: a new
 * connection, code not yet compiled. Prints the run's seconds as its last line.
 */
const what = process.argv[2];
if (what !== 'rebuild' && what !== 'read') throw new Error('usage: first-run.ts rebuild|read');
const pool = createPool(process.env.DATABASE_URL!, 10);
try {
  const started = performance.now();
  if (what === 'rebuild') await rebuildAll({ pool, eventStore: new PostgresEventStore(pool) }, allProjections);
  else await rawSequentialRead(pool);
  console.log(JSON.stringify((performance.now() - started) / 1000));
} finally {
  // Timed to the rebuild's return (the new tables serve); the old ones are dropped before the pool closes.
  await rebuildsTidied();
  await pool.end();
}
