import type { Clock, Logger, Pool } from '@shop/infra';

/**
 * An outbox table of work done at least once, outside the shop (mail deliveries, decision 0327;
 * payment captures, decision 0380): a row is claimed in a committed statement before the work
 * starts, settled by its outcome, retried after a doubling delay, and its outcome recorded in the
 * log by a later pass. The work itself, and what a claim left by a stopped process means, is the
 * worker's own.
 */
export interface OutboxTable {
  table: string;
  /** The row's key column. */
  key: string;
  /** The columns a claimed row is read with. */
  claimed: string;
  /** The status while claimed, and once done. */
  working: string;
  done: string;
  /** What the warning calls a row that failed for good ("mail", "payment capture"). */
  noun: string;
}

export interface OutboxOptions {
  pool: Pool;
  clock: Clock;
  logger: Logger;
  /** Attempts before a row is failed for good (default 5). */
  maxAttempts?: number;
  /** First retry delay; each further retry doubles it (default 2 s). */
  retryBaseMs?: number;
}

/** A row as claimed: its key, the attempt this is, and the columns the worker asked for. */
export type Claimed<R> = R & { attempts: number };

export class Outbox<R extends Record<string, unknown>> {
  readonly maxAttempts: number;
  readonly retryBaseMs: number;

  constructor(
    private readonly shape: OutboxTable,
    private readonly options: OutboxOptions,
  ) {
    this.maxAttempts = options.maxAttempts ?? 5;
    this.retryBaseMs = options.retryBaseMs ?? 2000;
  }

  /** Claims the row due first, or null when none is due; SKIP LOCKED lets several workers share the table. */
  async claim(): Promise<Claimed<R> | null> {
    const { table, key, working, claimed } = this.shape;
    const result = await this.options.pool.query<Claimed<R>>(
      `UPDATE ${table} SET status = '${working}', claimed_at = $1, attempts = attempts + 1
       WHERE ${key} = (
         SELECT ${key} FROM ${table} WHERE status = 'pending' AND next_attempt_at <= $1
         ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING ${claimed}, attempts`,
      [this.options.clock.now()],
    );
    return result.rows[0] ?? null;
  }

  /** The work was done: never tried again. */
  succeeded(row: Claimed<R>): Promise<void> {
    return this.settle(row, this.shape.done, null);
  }

  /** The work was refused: back to 'pending' after a doubling delay, or failed for good at the last attempt. */
  async refused(row: Claimed<R>, reason: string): Promise<void> {
    const { table, key, working, noun } = this.shape;
    if (row.attempts >= this.maxAttempts) {
      this.options.logger.warn({ [key]: row[key], reason }, `${noun} failed for good`);
      return this.settle(row, 'failed', reason);
    }
    const delayMs = this.retryBaseMs * 2 ** (row.attempts - 1);
    await this.options.pool.query(`UPDATE ${table} SET status = 'pending', last_error = $2, next_attempt_at = $3 WHERE ${key} = $1 AND status = '${working}'`, [
      row[key],
      reason,
      new Date(this.options.clock.now().getTime() + delayMs),
    ]);
  }

  /**
   * Claims made at or before `claimedBefore` by a process that stopped: due again at `now` plus
   * `delayBaseMs` doubled per attempt spent, or failed at the limit. Answers how many there were.
   */
  async takeBackClaims(claimedBefore: Date, reason: string, delayBaseMs: number): Promise<number> {
    const { table, working } = this.shape;
    const { rowCount } = await this.options.pool.query(
      `UPDATE ${table}
          SET status = CASE WHEN attempts >= $3 THEN 'failed' ELSE 'pending' END,
              settled_at = CASE WHEN attempts >= $3 THEN $2::timestamptz END,
              next_attempt_at = $2::timestamptz + make_interval(secs => $4::float8 * 2 ^ (attempts - 1) / 1000),
              last_error = $5
        WHERE status = '${working}' AND claimed_at <= $1`,
      [claimedBefore, this.options.clock.now(), this.maxAttempts, delayBaseMs, reason],
    );
    return rowCount ?? 0;
  }

  /** Settled rows whose outcome is not in the log yet, oldest first, each marked once `record` says it is there. */
  async recordOutcomes<S extends Record<string, unknown>>(columns: string, record: (row: S & { status: string; last_error: string | null }) => Promise<boolean>): Promise<void> {
    const { table, key, done } = this.shape;
    const settled = await this.options.pool.query<S & { status: string; last_error: string | null }>(
      `SELECT ${columns}, status, last_error FROM ${table} WHERE status IN ('${done}', 'failed') AND NOT outcome_recorded ORDER BY settled_at LIMIT 100`,
    );
    for (const row of settled.rows) {
      if (await record(row)) await this.options.pool.query(`UPDATE ${table} SET outcome_recorded = true WHERE ${key} = $1`, [row[key]]);
    }
  }

  private async settle(row: Claimed<R>, status: string, reason: string | null): Promise<void> {
    const { table, key } = this.shape;
    await this.options.pool.query(`UPDATE ${table} SET status = $2, last_error = $3, settled_at = $4 WHERE ${key} = $1`, [row[key], status, reason, this.options.clock.now()]);
  }
}
