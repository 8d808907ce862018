import pg from 'pg';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

// bigint columns (global positions, revisions) come back as strings by default; the
// values we keep in them stay far below 2^53, so parse them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/**
 * A pool of `max` connections. With `waitMs` (the shop's pool: DATABASE_POOL_WAIT_MS, decision
 * 0308) waiting for one is bounded: past it the caller gets an error `isPoolBusy` recognises, which
 * HTTP answers as 503 with Retry-After, instead of a queue that grows without bound while every
 * answer gets slower. Without it (tools, tests) a query waits as long as it takes.
 */
export function createPool(databaseUrl: string, max = 10, options: { waitMs?: number } = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, connectionTimeoutMillis: options.waitMs ?? 0 });
  // An idle connection dropped by the server (restart, shutdown) must not crash the process;
  // the pool replaces it, and the next query reports any lasting trouble.
  pool.on('error', () => undefined);
  // pg-pool listens for errors only while a connection is idle: one that ends while checked out,
  // between two of its queries (the server stopped under a transaction), emitted an uncaught error
  // that ended the process. Its next query fails instead, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export interface TransactionOptions {
  /**
   * False for a transaction that never appends events (a projection's batch, a checkpoint): it says
   * so first thing, in the same round trip as BEGIN, and readers of the log then need not wait for
   * it to end (shop_read_horizon, decision 0231). An append in it is refused.
   */
  appendsEvents?: boolean;
  /**
   * False: COMMIT does not wait for the WAL flush (`synchronous_commit = off`, set in the same round
   * trip as BEGIN). Only for writes that can be made again from what is durable, and whose writer
   * notices when the server lost them (the projection runner's batches, decision 0294).
   */
  waitForFlush?: boolean;
}

/** Whether `error` is the pool's refusal after waiting `waitMs` for a connection (pg-pool's own message). */
export function isPoolBusy(error: unknown): boolean {
  return error instanceof Error && error.message === 'timeout exceeded when trying to connect';
}

/** Runs `work` in one transaction on one client; rolls back on any error. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const client = await pool.connect();
  try {
    return await onClientInTransaction(client, work, options);
  } finally {
    client.release();
  }
}

/**
 * The same, with `first` sent in BEGIN's round trip (one round trip fewer, decision 0294): a
 * statement without parameters, so every value in it must be inlined with `pg.escapeLiteral`.
 * `work` gets its rows.
 */
export async function inTransactionFrom<R extends pg.QueryResultRow, T>(
  pool: pg.Pool,
  first: string,
  work: (client: pg.PoolClient, rows: R[]) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const client = await pool.connect();
  try {
    try {
      // Several statements in one simple query answer one result each; `first`'s is the last.
      const results = (await client.query(`${beginOf(options)}; ${first}`)) as unknown as Array<pg.QueryResult<R>>;
      const result = await work(client, results[results.length - 1]!.rows);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    client.release();
  }
}

/** The same on a connection the caller holds and keeps (its session settings, a COPY stream's client). */
export async function onClientInTransaction<T>(client: pg.PoolClient, work: (client: pg.PoolClient) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  try {
    await client.query(beginOf(options));
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** A value as an SQL string literal, for a statement sent without parameters (`inTransactionFrom`'s `first`). */
export const sqlLiteral = (value: string): string => pg.escapeLiteral(value);

/** BEGIN and the transaction's settings, in one round trip. */
function beginOf(options: TransactionOptions): string {
  return [
    'BEGIN',
    ...(options.appendsEvents === false ? ['SELECT shop_not_appending()'] : []),
    ...(options.waitForFlush === false ? ['SET LOCAL synchronous_commit = off'] : []),
  ].join('; ');
}
