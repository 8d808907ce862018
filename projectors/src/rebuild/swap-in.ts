import { inTransaction, START, type GlobalCheckpoint, type PoolClient } from '@shop/infra';
import type { Projection } from '../runner/projection.js';
import type { Pool } from '@shop/infra';
import { quoted, schemaName } from './shadow-schema.js';
import { bareCopySql, completeTable } from './staging.js';

export interface RebuiltProjection {
  projection: Projection;
  schema: string;
  catchUp: (from: GlobalCheckpoint) => Promise<number>;
}

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
 *
 * Several projections are swapped in one transaction: the shop sees all of them change at once.
 * `revisions` names a schema holding every rebuilt projection's per-stream revisions in a complete,
 * indexed table (the one-pass rebuild writes them there before the swap); the catch-ups' own go
 * into each projection's schema and are merged in. Without it, the revisions are in each schema.
 * Answers the schemas left over (the retired tables, the emptied rebuild schemas) once the swap has
 * committed: the caller drops them, the shop is already on the new tables.
 */
export async function swapAllIn(deps: { pool: Pool }, rebuilt: readonly RebuiltProjection[], revisions: string | null = null): Promise<string[]> {
  const retired = rebuilt.map(({ schema }) => schemaName('retired', schema));
  await inTransaction(deps.pool, async (client) => {
    // One statement, locking in the order given: the revisions first, then the live tables.
    const live = rebuilt.flatMap(({ projection }) => projection.tables.map((table) => `public.${quoted(table)}`));
    await client.query(`LOCK TABLE public.projection_stream_revisions, ${live.join(', ')} IN ACCESS EXCLUSIVE MODE`);
    const from = await shadowCheckpoints(deps.pool, rebuilt);
    for (const [index, { catchUp }] of rebuilt.entries()) await catchUp(from[index]!);
    await client.query(
      rebuilt
        .flatMap(({ projection, schema }, index) => [
          `CREATE SCHEMA ${quoted(retired[index]!)}`,
          ...projection.tables.flatMap((table) => [
            `ALTER TABLE public.${quoted(table)} SET SCHEMA ${quoted(retired[index]!)}`,
            `ALTER TABLE ${quoted(schema)}.${quoted(table)} SET SCHEMA public`,
          ]),
        ])
        .join(';\n'),
    );
    await moveBookkeeping(client, rebuilt, retired[0]!, revisions);
    // Delivered at commit: the query API tells every open page to read again (query-api's change-feed.ts).
    // The count lets a process whose listener missed the NOTIFY find out when it listens again (decision 0230).
    await client.query(
      `WITH swapped AS (UPDATE public.live_swaps SET generation = generation + 1 RETURNING generation)
       SELECT pg_notify('shop_live_reset', generation::text) FROM swapped`,
    );
  }, { appendsEvents: false });
  return [...retired, ...rebuilt.map(({ schema }) => schema), revisions ?? revisionsSchema(rebuilt)];
}

/** Where each rebuilt projection's load stopped, in one round trip (a catch-up goes on from there). */
async function shadowCheckpoints(pool: Pool, rebuilt: readonly RebuiltProjection[]): Promise<GlobalCheckpoint[]> {
  const { rows } = await pool.query<{ index: number; transaction_id: string; global_position: string }>(
    rebuilt
      .map(({ schema, projection }, index) => `SELECT ${index} AS index, transaction_id, global_position FROM ${quoted(schema)}.projection_checkpoints WHERE name = ${literal(projection.name)}`)
      .join(' UNION ALL '),
  );
  const found = new Map(rows.map((row) => [Number(row.index), { transactionId: Number(row.transaction_id), position: Number(row.global_position) }]));
  return rebuilt.map((_, index) => found.get(index) ?? START);
}

/** Every rebuilt projection's per-stream revisions and checkpoint replace the live ones. */
async function moveBookkeeping(client: PoolClient, rebuilt: readonly RebuiltProjection[], retired: string, revisions: string | null): Promise<void> {
  const names = rebuilt.map(({ projection }) => projection.name);
  const from = (table: string) =>
    rebuilt.map(({ schema, projection }) => `SELECT * FROM ${quoted(schema)}.${table} WHERE ${table === 'projection_checkpoints' ? 'name' : 'projection'} = ${literal(projection.name)}`).join(' UNION ALL ');
  if (revisions) await mergeCaughtUp(client, revisions, from('projection_stream_revisions'));
  const only = await onlyRebuiltRevisions(client, names);
  if (only && revisions) await moveTableIn(client, revisions, retired);
  else if (only) await replaceRevisionsTable(client, from('projection_stream_revisions'), revisionsSchema(rebuilt), retired);
  else {
    await client.query('DELETE FROM public.projection_stream_revisions WHERE projection = ANY($1)', [names]);
    await client.query(`INSERT INTO public.projection_stream_revisions ${revisions ? `SELECT * FROM ${quoted(revisions)}.projection_stream_revisions` : from('projection_stream_revisions')}`);
  }
  // The swapped-in tables are those of the versions that built them (decision 0215); an upgrade
  // of them that was running or had failed is over.
  await client.query(
    `INSERT INTO public.projection_checkpoints (name, transaction_id, global_position, version, updated_at)
       SELECT name, transaction_id, global_position, v.version, now() FROM (${from('projection_checkpoints')}) AS rebuilt
         JOIN unnest($1::text[], $2::integer[]) AS v(name, version) USING (name)
     ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id,
       global_position = EXCLUDED.global_position, version = EXCLUDED.version, updated_at = now()`,
    [names, rebuilt.map(({ projection }) => projection.version)],
  );
  await client.query('DELETE FROM public.projection_upgrades WHERE projection = ANY($1)', [names]);
}

/**
 * Whether the revisions table holds only these projections' rows. Its key leads with the projection,
 * so the few names in it are walked through the index, one step per name: the table is locked by the
 * swap, and a scan of every row (70,000 at 100k events) was a third of the swap's time.
 */
async function onlyRebuiltRevisions(client: PoolClient, names: readonly string[]): Promise<boolean> {
  const others = await client.query(
    `WITH RECURSIVE present AS (
       SELECT min(projection) AS name FROM public.projection_stream_revisions
       UNION ALL
       SELECT (SELECT min(projection) FROM public.projection_stream_revisions WHERE projection > present.name) FROM present WHERE present.name IS NOT NULL
     )
     SELECT 1 FROM present WHERE name IS NOT NULL AND name <> ALL($1) LIMIT 1`,
    [names],
  );
  return others.rowCount === 0;
}

/**
 * When the rebuilt projections are the only ones in the revisions table (a rebuild of all), a new
 * table replaces it: filled without indexes, indexed once, moved in. Inserting tens of thousands
 * of rows into the live table's index one by one was most of the swap's time at 100k events.
 * The live table is locked ACCESS EXCLUSIVE by now; a runner waiting for it finds the new one by
 * name once the swap commits, as it does the swapped projection tables.
 */
async function replaceRevisionsTable(client: PoolClient, rows: string, schema: string, retired: string): Promise<void> {
  await client.query(`CREATE SCHEMA ${quoted(schema)}`);
  await client.query(bareCopySql(schema, 'projection_stream_revisions'));
  await client.query(`INSERT INTO ${quoted(schema)}.projection_stream_revisions ${rows}`);
  await completeTable(client, schema, 'projection_stream_revisions');
  await moveTableIn(client, schema, retired);
}

async function moveTableIn(client: PoolClient, schema: string, retired: string): Promise<void> {
  await client.query(`ALTER TABLE public.projection_stream_revisions SET SCHEMA ${quoted(retired)}`);
  await client.query(`ALTER TABLE ${quoted(schema)}.projection_stream_revisions SET SCHEMA public`);
}

/**
 * The revisions the swap's catch-ups wrote (into each projection's schema, empty before them) go
 * into the prebuilt table: a caught-up stream's revision is past the one the load recorded.
 */
async function mergeCaughtUp(client: PoolClient, revisions: string, caughtUp: string): Promise<void> {
  await client.query(
    `INSERT INTO ${quoted(revisions)}.projection_stream_revisions AS r SELECT * FROM (${caughtUp}) AS caught_up
     ON CONFLICT (projection, stream_id) DO UPDATE SET revision = GREATEST(r.revision, EXCLUDED.revision)`,
  );
}

/** Where the new revisions table is made; dropped (empty) after the swap. */
const revisionsSchema = (rebuilt: readonly RebuiltProjection[]): string => schemaName(rebuilt[0]!.schema, 'revisions');

/** A projection's name as an SQL string literal (names are ours, but quoted all the same). */
const literal = (name: string): string => `'${name.replaceAll("'", "''")}'`;
