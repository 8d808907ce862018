import type pg from 'pg';
import type { Pool, PoolClient } from './pool.js';

/** A statement the shop sends on every read of a hot route, under a name of its own. */
export interface PreparedStatement {
  name: string;
  text: string;
}

const named = new Map<string, string>();

/**
 * Names `text` for `preparedQuery`. A name is one statement for good (pg refuses a name reused for
 * another text on a connection), so naming two texts alike is a programming error, thrown at load.
 */
export function preparedStatement(name: string, text: string): PreparedStatement {
  const known = named.get(name);
  if (known !== undefined && known !== text) throw new Error(`prepared statement ${name} is already another statement`);
  named.set(name, text);
  return { name, text };
}

/**
 * Runs a statement of a read asked for on every page view: on the pool as a named statement,
 * which each connection parses and plans once, instead of on every request as an unnamed one
 * (planning was most of PostgreSQL's work for a customer's detail, decision 0291). On a connection held by the caller (a transaction, a listener) it runs
 * as it is: such a connection may outlive a table's change of shape, below.
 *
 * A rebuild swaps tables in by moving them between schemas (projectors/src/rebuild/swap-in.ts);
 * PostgreSQL then plans a prepared statement again against the new table by itself. Only a table
 * whose selected columns changed type makes it refuse ("cached plan must not change result type"):
 * pg-pool drops the connection that failed, and the read is asked again unnamed.
 */
export async function preparedQuery<R extends pg.QueryResultRow>(db: Pool | PoolClient, statement: PreparedStatement, values: unknown[]): Promise<pg.QueryResult<R>> {
  if (isHeldConnection(db)) return db.query<R>(statement.text, values);
  try {
    return await db.query<R>({ name: statement.name, text: statement.text, values });
  } catch (error) {
    if (!isStalePlan(error)) throw error;
    return db.query<R>(statement.text, values);
  }
}

const isHeldConnection = (db: Pool | PoolClient): db is PoolClient => 'release' in db;

/** PostgreSQL's refusal to run a prepared statement whose result's shape changed under it (feature_not_supported). */
const isStalePlan = (error: unknown): boolean =>
  (error as { code?: unknown }).code === '0A000' && /cached plan must not change result type/.test(String((error as Error).message));
