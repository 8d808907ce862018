import { inTransaction, type GlobalCheckpoint, type PoolClient } from '@shop/infra';
import type { Projection } from '../runner/projection.js';
import type { Pool } from '@shop/infra';
import { dropSchema, quoted, schemaName, shadowCheckpoint } from './shadow-schema.js';

/**
 * Swaps rebuilt tables in, in one transaction:
 * 1. Lock `projection_stream_revisions`, then the live tables. Every runner transaction reads
 *    that table first, so once the lock is held no live batch is half-way, and none starts
 *    until the swap commits. Readers of the live tables wait for the swap (milliseconds).
 * 2. Catch the rebuilt tables up to the newest readable event (another connection; it writes
 *    only the rebuild schema, which nobody else locks).
 * 3. Move the live tables out and the rebuilt ones in, replace the projection's per-stream
 *    revisions and move its checkpoint to where the rebuild stopped.
 * A live runner then resumes from its in-memory position and finds every event up to the new
 * checkpoint already applied by stream revision, so nothing is applied twice or skipped.
 */
export async function swapIn(
  deps: { pool: Pool },
  projection: Projection,
  schema: string,
  catchUp: (from: GlobalCheckpoint) => Promise<number>,
): Promise<void> {
  await swapAllIn(deps, [{ projection, schema, catchUp }]);
}

export interface RebuiltProjection {
  projection: Projection;
  schema: string;
  catchUp: (from: GlobalCheckpoint) => Promise<number>;
}

/** The same for several projections in one transaction: the shop sees all of them change at once. */
export async function swapAllIn(deps: { pool: Pool }, rebuilt: readonly RebuiltProjection[]): Promise<void> {
  const retired = rebuilt.map(({ schema }) => schemaName('retired', schema));
  await inTransaction(deps.pool, async (client) => {
    await client.query('LOCK TABLE public.projection_stream_revisions IN ACCESS EXCLUSIVE MODE');
    for (const { projection } of rebuilt) {
      for (const table of projection.tables) await client.query(`LOCK TABLE public.${quoted(table)} IN ACCESS EXCLUSIVE MODE`);
    }
    for (const { projection, schema, catchUp } of rebuilt) await catchUp(await shadowCheckpoint(deps.pool, schema, projection.name));
    for (const [index, { projection, schema }] of rebuilt.entries()) {
      await client.query(`CREATE SCHEMA ${quoted(retired[index]!)}`);
      for (const table of projection.tables) {
        await client.query(`ALTER TABLE public.${quoted(table)} SET SCHEMA ${quoted(retired[index]!)}`);
        await client.query(`ALTER TABLE ${quoted(schema)}.${quoted(table)} SET SCHEMA public`);
      }
    }
    await moveBookkeeping(client, rebuilt);
  });
  for (const [index, { schema }] of rebuilt.entries()) {
    await dropSchema(deps.pool, retired[index]!);
    await dropSchema(deps.pool, schema);
  }
}

/** Every rebuilt projection's per-stream revisions and checkpoint replace the live ones, in one statement each. */
async function moveBookkeeping(client: PoolClient, rebuilt: readonly RebuiltProjection[]): Promise<void> {
  const names = rebuilt.map(({ projection }) => projection.name);
  const from = (table: string) =>
    rebuilt.map(({ schema, projection }) => `SELECT * FROM ${quoted(schema)}.${table} WHERE ${table === 'projection_checkpoints' ? 'name' : 'projection'} = ${literal(projection.name)}`).join(' UNION ALL ');
  await clearRevisions(client, names);
  // In key order: each new key then lands on the index's rightmost page, which PostgreSQL appends
  // to without a descent from the root (tens of thousands of rows at 100k events).
  await client.query(`INSERT INTO public.projection_stream_revisions ${from('projection_stream_revisions')} ORDER BY projection, stream_id`);
  await client.query(
    `INSERT INTO public.projection_checkpoints (name, transaction_id, global_position, updated_at)
       SELECT name, transaction_id, global_position, now() FROM (${from('projection_checkpoints')}) AS rebuilt
     ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id,
       global_position = EXCLUDED.global_position, updated_at = now()`,
  );
}

/**
 * Removes the live revisions of the rebuilt projections. When they are the only ones in the table
 * (a rebuild of all), TRUNCATE: deleting tens of thousands of rows and inserting the same keys again
 * made the index check every new key against a dead one (most of the swap's time at 100k events).
 * The table is locked ACCESS EXCLUSIVE by now, and every runner locks it before reading it.
 */
async function clearRevisions(client: PoolClient, names: readonly string[]): Promise<void> {
  const others = await client.query('SELECT 1 FROM public.projection_stream_revisions WHERE projection <> ALL($1) LIMIT 1', [names]);
  if (others.rowCount === 0) await client.query('TRUNCATE public.projection_stream_revisions');
  else await client.query('DELETE FROM public.projection_stream_revisions WHERE projection = ANY($1)', [names]);
}

/** A projection's name as an SQL string literal (names are ours, but quoted all the same). */
const literal = (name: string): string => `'${name.replaceAll("'", "''")}'`;
