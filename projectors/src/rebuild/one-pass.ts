import { onClientInTransaction, type GlobalCheckpoint, type Pool, type PoolClient } from '@shop/infra';
import { readPage, type KnownStream, type RawEvent } from '@shop/event-store';
import { bulkProjections } from '../read-models/all.js';
import type { Projection } from '../runner/projection.js';
import { FoldShard, type ShardTarget } from './fold-shard.js';
import type { BulkProjection } from './bulk-fold.js';
import { dropStaleRebuilds, lockRebuilds, replayInto, tidyAfterwards, type RebuildDeps, type RebuildResult } from './rebuild.js';
import { dropSchema, quoted, schemaName } from './shadow-schema.js';
import { runnerTablesSql, stagingTablesSql } from './staging.js';
import { completeStaging, readCompletions, type StagingTable } from './index-phase.js';
import { swapAllIn } from './swap-in.js';
import { ProgressBoard, type RebuildProgress } from './progress-board.js';

export interface OnePassOptions {
  /** Build the read models as they were at this instant into schemas of their own; nothing is swapped. */
  until?: Date;
  /** Events per page read from the log. */
  pageSize?: number;
  /** Suffix of the schema names (tests pass a fixed one). */
  label?: string;
  onProgress?: (progress: RebuildProgress) => void;
}

/** Nothing a rebuild writes is an event: its transactions say so, and readers of the log do not wait for them (decision 0231). */
const READ_MODELS_ONLY = { appendsEvents: false } as const;

interface Target extends ShardTarget {
  projection: Projection;
}

/**
 * Rebuilds several projections in one pass over the log (docs/decisions/0100-one-pass-rebuild.md):
 * one reader, folds in memory shared between projections, COPY into index-less staging tables,
 * indexes after the load, and one transaction that catches up and swaps every projection in.
 */
export async function rebuildInOnePass(deps: RebuildDeps, projections: readonly Projection[], given: OnePassOptions = {}): Promise<RebuildResult[]> {
  const started = Date.now();
  let lock: { release: () => Promise<void> } | null = null;
  let tidying: Promise<unknown> | null = null;
  const board = new ProgressBoard(deps.pool, projections.map((projection) => projection.name));
  const options: OnePassOptions = {
    ...given,
    onProgress: (progress) => {
      given.onProgress?.(progress);
      board.publish(progress);
    },
  };
  try {
    lock = await lockRebuilds(deps.pool, projections.map((projection) => projection.name));
    await dropStaleRebuilds(deps.pool, ...projections.map((projection) => projection.name));
    const targets = projections.map((projection) => targetOf(projection, options));
    // Swapped in: every projection's per-stream revisions go into one table of their own, indexed
    // with the rest before the swap. As of a date: into each schema, which is kept as it is.
    const revisions = options.until ? null : schemaName(targets[0]!.schema, 'revisions');
    // The fold's connection is taken while the schemas are made (it touches no table before the first page).
    const opening = openFold(deps.pool, targets, lookupIn(projections));
    opening.catch(() => undefined); // awaited below; a failure must not count as unhandled meanwhile
    // Every schema and the tables the fold writes in one round trip, while the log is counted
    // and the first pages are read and folded (the fold writes nothing before the tables exist). One
    // connection for all of it: a connection new to the server spends longer loading the catalogue
    // than these statements take.
    const tablesReady = deps.pool.query(
      [
        // First, before anything has an xid: the statements run as one transaction, which never appends.
        'SELECT shop_not_appending()',
        ...targets.flatMap((target) => stagingTablesSql(target.schema, target.projection.tables)),
        ...(revisions ? stagingTablesSql(revisions, ['projection_stream_revisions']) : []),
      ].join(';\n'),
    );
    tablesReady.catch(() => undefined); // awaited below
    // Then the runner's tables in each schema, which only the bookkeeping at the end of the load
    // and the swap's catch-ups write: the fold's first COPY does not wait for them.
    const allTablesReady = tablesReady.then(() => deps.pool.query(['SELECT shop_not_appending()', ...targets.flatMap((target) => runnerTablesSql(target.schema))].join(';\n')));
    allTablesReady.catch(() => undefined); // awaited below
    // The live tables' keys and indexes, read while the log is: they do not change shape meanwhile.
    const completions = readCompletions(deps.pool, [...new Set(stagingTables(targets, revisions).map((item) => item.table))]);
    completions.catch(() => undefined); // awaited below
    try {
      const [total, end] = await Promise.all([deps.eventStore.countLog({ asOf: options.until ?? null }), readLogEnd(deps.pool, options.until)]).catch(async (error: unknown) => {
        await (await opening.catch(() => null))?.close();
        throw error;
      });
      const report = progressReporter(options, total);
      const fold = await opening;
      fold.shard.writeAfter(tablesReady);
      const events = await load(deps, targets, fold, end, options, report, revisions, allTablesReady);
      await allTablesReady;
      report('index', events);
      await completeStaging(deps.pool, stagingTables(targets, revisions), await completions, INDEX_BUILDERS);
      if (options.until) {
        report('done', events);
        return targets.map((target) => ({ projection: target.name, events, schema: target.schema, ms: Date.now() - started }));
      }
      report('swap', events);
      const nothingAfter = new Set<string>();
      const leftovers = await swapAllIn(
        deps,
        targets.map((target) => ({
          projection: target.projection,
          schema: target.schema,
          catchUp: (from) => catchUp(nothingAfter, from, () => replayInto(deps, target.projection, target.schema, from, { total: 0 })),
        })),
        revisions,
      );
      report('done', events);
      // The shop reads the new tables from here: the old ones are dropped after the return, still
      // under this rebuild's locks (a later rebuild of this process waits for it: rebuildsTidied).
      tidying = Promise.all(leftovers.map((schema) => dropSchema(deps.pool, schema)));
      return targets.map((target) => ({ projection: target.name, events, schema: 'public', ms: Date.now() - started }));
    } catch (error) {
      await allTablesReady.catch(() => undefined); // not dropped while still being made
      for (const schema of [...targets.map((target) => target.schema), ...(revisions ? [revisions] : [])]) await dropSchema(deps.pool, schema).catch(() => undefined);
      throw error;
    }
  } finally {
    const release = async () => {
      await board.clear();
      await lock?.release();
    };
    if (tidying) tidyAfterwards(tidying.finally(release));
    else await release();
  }
}

/** A projection's one-pass fold: its own, or the one registered under its name. */
export const bulkOf = (projection: Projection): BulkProjection | undefined => projection.bulk ?? bulkProjections.get(projection.name);

function lookupIn(projections: readonly Projection[]): (name: string) => BulkProjection {
  const folds = new Map(projections.map((projection) => [projection.name, bulkOf(projection)!]));
  return (name) => folds.get(name)!;
}

function targetOf(projection: Projection, options: OnePassOptions): Target {
  if (!bulkOf(projection)) throw new Error(`Projection ${projection.name} has no one-pass rebuild`);
  const label = options.label ?? new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const schema = options.until ? schemaName('asof', projection.name, options.until.toISOString().slice(0, 10)) : schemaName('rebuild', projection.name, label);
  return { projection, name: projection.name, schema, handles: projection.handles };
}

/**
 * A catch-up in the swap, unless another projection's found nothing readable after the same
 * checkpoint (every projection's load stops at the same event). That is safe under the swap's locks:
 * a live runner can only have applied events readable before they were taken, which that read saw;
 * what commits after it is the live runner's to apply, from the checkpoint the swap moves in.
 */
async function catchUp(nothingAfter: Set<string>, from: GlobalCheckpoint, replay: () => Promise<number>): Promise<number> {
  const key = `${from.transactionId}:${from.position}`;
  if (nothingAfter.has(key)) return 0;
  const events = await replay();
  if (events === 0) nothingAfter.add(key);
  return events;
}

/** Every staging table, a derived one with the statement that fills it (BulkProjection.derived). */
function stagingTables(targets: readonly Target[], revisions: string | null): StagingTable[] {
  const tables: StagingTable[] = targets.flatMap((target) => {
    const derived = bulkOf(target.projection)?.derived ?? {};
    return target.projection.tables.map((table) => ({ schema: target.schema, table, fill: derived[table]?.(target.schema) }));
  });
  if (revisions) tables.push({ schema: revisions, table: 'projection_stream_revisions' });
  return tables;
}

/** Connections for the index phase: the fold is over, so both cores are free; a third keeps them busy through round trips. */
const INDEX_BUILDERS = 3;

/**
 * The load: page N+1 is read while page N is folded, and the fold writes page N-1 while it folds
 * page N, all in this thread (decision 0420: worker threads did not shorten a rebuild on this
 * two-core machine).
 */
async function load(
  deps: RebuildDeps,
  targets: Target[],
  fold: OpenFold,
  end: LogEnd,
  options: OnePassOptions,
  report: Reporter,
  revisions: string | null,
  tablesReady: Promise<unknown>,
): Promise<number> {
  // Every stream's last revision read is noted on it as its events are (log-page.ts).
  const streams = end.streams ?? new Map<string, KnownStream>();
  let last: RawEvent | null = null;
  let done = 0;
  // Written as soon as the log's last page has been read, beside the folding of the page before it.
  let bookkeeping: Promise<void> | null = null;
  try {
    const reader = await deps.pool.connect();
    // A page is announced to the fold as soon as it is read, so its personal-data keys are looked
    // up while the fold finishes the page before.
    let pages = 0;
    const read = async (after: RawEvent | null): Promise<PageRead> => {
      const limit = pageLimit(options, pages++);
      const page = await readPage(reader, { after, limit, horizon: end.horizon, until: options.until ?? null, streams });
      // A page short of its limit is the last: below the horizon every transaction has ended, so
      // nothing more can appear there. Each stream's last revision read is known now (noted as
      // the page was read), so the bookkeeping need not wait for a read that finds nothing.
      const final = page.length < limit;
      const lastRead = page.at(-1) ?? after;
      if (final && lastRead) {
        bookkeeping = tablesReady.then(() => writeBookkeeping(deps.pool, targets, streams, lastRead, revisions));
        bookkeeping.catch(() => undefined); // awaited below
      }
      fold.shard.expect(page);
      return { page, final };
    };
    let next: Promise<PageRead> | null = read(null);
    try {
      while (next) {
        const { page, final }: PageRead = await next;
        if (page.length === 0) break;
        last = page[page.length - 1]!;
        next = final ? null : read(last);
        await fold.shard.add(page);
        done += page.length;
        report('load', done);
      }
    } finally {
      // A page still being read when a fold failed: let it land before the connection goes back.
      await next?.catch(() => undefined);
      reader.release();
    }
    await fold.shard.finish();
  } finally {
    await fold.close();
    // Also when a fold failed: the staging schemas are dropped next, not while this writes into them.
    await (bookkeeping as Promise<void> | null)?.catch(() => undefined);
  }
  await bookkeeping;
  return done;
}

/** A page of the log; `final`: the log has nothing after it. */
interface PageRead {
  page: RawEvent[];
  final: boolean;
}

/**
 * Pages grow to `pageSize` from a small first one (500, 1000, 2000, ...): folding starts as soon
 * as a few events are in, instead of after a whole page's read, and reading stays ahead of
 * folding from then on (a read costs less per event than a fold).
 */
function pageLimit(options: OnePassOptions, index: number): number {
  const full = options.pageSize ?? 5000;
  return Math.min(full, FIRST_PAGE * 2 ** Math.min(index, 20));
}

const FIRST_PAGE = 500;

/** The fold of every projection being rebuilt, on a connection of its own for its COPYs. */
interface OpenFold {
  shard: FoldShard;
  close: () => Promise<void>;
}

async function openFold(pool: Pool, targets: Target[], lookup: (name: string) => BulkProjection): Promise<OpenFold> {
  const plain: ShardTarget[] = targets.map(({ name, schema, handles }) => ({ name, schema, handles: [...handles] }));
  const client: PoolClient = await pool.connect();
  const shard = new FoldShard(client, plain, lookup, pool);
  try {
    await shard.prepare();
  } catch (error) {
    client.release();
    throw error;
  }
  let released = false;
  return {
    shard,
    close: async () => {
      if (released) return;
      released = true;
      await client.query('RESET synchronous_commit').catch(() => undefined);
      client.release();
    },
  };
}

/**
 * Where the load stops: below the oldest transaction in flight when the rebuild began (what comes
 * later is caught up in the swap), and the last revision of every stream there, so a stream's
 * per-stream rows can go out as soon as its last event is folded. The streams table is read after
 * the horizon is fixed, so it holds at least every revision below it; a stream it shows further on
 * is simply never complete during the load and goes out at the end. As of a date: none is known.
 */
interface LogEnd {
  horizon: string;
  streams: Map<string, KnownStream> | null;
}

async function readLogEnd(pool: Pool, until: Date | undefined): Promise<LogEnd> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ horizon: string }>('SELECT shop_read_horizon()::text AS horizon');
    const horizon = rows[0]!.horizon;
    if (until) return { horizon, streams: null };
    const streams = await client.query<[string, string]>({ text: 'SELECT stream_id, revision FROM streams', rowMode: 'array' });
    return { horizon, streams: new Map(streams.rows.map(([id, revision]) => [id, { id, lastRevision: Number(revision), readRevision: -1 }])) };
  } finally {
    client.release();
  }
}

/**
 * What `applyBatch` leaves beside the rows: every stream's last revision read (all streams, as
 * the runner records them whether or not the projection handles their events) and the checkpoint.
 * The revisions go into `revisions`' table for all projections at once when there is one (the
 * swap moves that table in), else into each projection's schema.
 */
async function writeBookkeeping(pool: Pool, targets: Target[], streams: ReadonlyMap<string, KnownStream>, last: RawEvent, revisions: string | null): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SET synchronous_commit = off');
    const into = (schema: string) => `${quoted(schema)}.projection_stream_revisions`;
    await onClientInTransaction(client, async () => {
      if (revisions) await insertRevisions(client, into(revisions), targets, streams);
      for (const target of targets) {
        if (!revisions) await insertRevisions(client, into(target.schema), [target], streams);
        await client.query(
          `INSERT INTO ${quoted(target.schema)}.projection_checkpoints (name, transaction_id, global_position, updated_at) VALUES ($1, $2, $3, now())`,
          [target.name, last.txid, last.position],
        );
      }
    }, READ_MODELS_ONLY);
  } finally {
    await client.query('RESET synchronous_commit').catch(() => undefined);
    client.release();
  }
}

/**
 * Every (projection, stream) pair from two arrays, made by the server: ten thousand streams are
 * two parameters, not a COPY line per projection and stream. Projections and streams are sorted
 * as the primary key orders them, so building that index later finds the rows in order.
 */
async function insertRevisions(client: PoolClient, table: string, targets: readonly Target[], streams: ReadonlyMap<string, KnownStream>): Promise<void> {
  const sorted: Array<[string, number]> = [];
  for (const stream of streams.values()) if (stream.readRevision >= 0) sorted.push([stream.id, stream.readRevision]);
  sorted.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const names = targets.map((target) => target.name).sort();
  // The streams as two JSON arrays: one JSON.stringify each, where node-postgres' array literals
  // escaped every id on the folding thread (tens of ms at 10,000 streams).
  await client.query(
    `INSERT INTO ${table} (projection, stream_id, revision)
     SELECT p.name, s.stream_id, s.revision::bigint FROM unnest($1::text[]) AS p(name)
      CROSS JOIN ROWS FROM (json_array_elements_text($2::json), json_array_elements_text($3::json)) AS s(stream_id, revision)`,
    [names, JSON.stringify(sorted.map(([streamId]) => streamId)), JSON.stringify(sorted.map(([, revision]) => revision))],
  );
}

type Reporter = (phase: RebuildProgress['phase'], done: number) => void;

/** Events/s since the rebuild started (so it keeps its meaning through indexing and the swap) and the ETA at that pace. */
function progressReporter(options: OnePassOptions, total: number): Reporter {
  const started = Date.now();
  return (phase, done) => {
    if (!options.onProgress) return;
    const eventsPerSecond = done / Math.max((Date.now() - started) / 1000, 0.001);
    const remaining = Math.max(total - done, 0);
    options.onProgress({ phase, done, total: Math.max(total, done), eventsPerSecond, etaSeconds: eventsPerSecond > 0 ? remaining / eventsPerSecond : 0 });
  };
}
