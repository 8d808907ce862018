import { createPool, PostgresEventStore } from '@shop/infra';
import { allProjections, rebuildAll } from '@shop/projectors';

/**
 * One rebuild of every projection (1 worker) in a process of its own, as `npm run replay` runs
 * it: started by the replay benchmark (replay-bench.ts) with this process's Node flags, against
 * the database in DATABASE_URL. Prints the rebuild's seconds as its last line.
 */
const pool = createPool(process.env.DATABASE_URL!, 10);
try {
  const started = performance.now();
  await rebuildAll({ pool, eventStore: new PostgresEventStore(pool) }, allProjections, { workers: 1 });
  console.log(JSON.stringify((performance.now() - started) / 1000));
} finally {
  await pool.end();
}
