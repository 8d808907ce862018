import type pg from 'pg';
import { ConfigError, checkpointsReached, readLogHead, inTransaction, type Pool } from '@shop/infra';
import type { KeyEncryptionKeys } from './key-encryption-keys.js';

/**
 * Tables that hold personal data in clear, or data keys: an erasure blanks or deletes rows in
 * them, which leaves the old row versions and index entries in the table's files until they are
 * rewritten (docs/decisions/0162). `events` is not among them: it holds personal fields sealed only,
 * and an erasure never changes its rows.
 */
export const PURGED_TABLES = [
  'personal_data_keys',
  'http_sessions',
  'account_credentials',
  'account_tokens',
  'login_failures',
  'mail_deliveries',
  'users',
  'project_details',
  'project_fold',
  'project_activity',
  'project_timeline',
] as const;

/** Serializes erasures (shared) with the purge (exclusive), across processes. */
const ERASURE_LOCK = 7_316_001;

/** How long a purge waits for the projectors to have applied the erasures before rewriting their tables. */
const PROJECTIONS_WAIT_MS = 60_000;

export type PurgeLog = (step: string, details?: Record<string, unknown>) => void;

/**
 * Runs an erasure while no purge runs: a purge that began meanwhile would rewrite tables before the
 * erasure blanked them and still count it as purged.
 */
export async function duringErasure<T>(pool: Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock_shared($1)', [ERASURE_LOCK]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock_shared($1)', [ERASURE_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * Binds the database to the key-encryption keys at start: a database without a recorded key takes
 * the file's current one; a database whose key the file does not hold (a wrong or lost file) stops
 * the start, since every data key in it would be lost.
 */
export async function bindKeyEncryptionKeys(pool: Pool, keks: KeyEncryptionKeys, file: string): Promise<void> {
  const recorded = (await pool.query<{ kek_id: string }>('SELECT kek_id FROM personal_data_kek')).rows[0]?.kek_id;
  if (recorded === undefined) {
    const wrapped = await pool.query('SELECT 1 FROM personal_data_keys WHERE kek_id IS NOT NULL AND data_key IS NOT NULL LIMIT 1');
    if (wrapped.rowCount) throw new ConfigError([`PERSONAL_DATA_KEK_FILE: the database holds wrapped data keys but names no key-encryption key; restore it`]);
    await pool.query('INSERT INTO personal_data_kek (kek_id) VALUES ($1) ON CONFLICT (one) DO NOTHING', [await keks.current()]);
    return;
  }
  if (!(await keks.holds(recorded))) {
    throw new ConfigError([
      `PERSONAL_DATA_KEK_FILE: ${file} does not hold the key-encryption key ${recorded} that wraps this database's data keys: point it at the right file (or restore it); without it personal data cannot be read`,
    ]);
  }
}

/** Whether a purge has work: erasures not yet purged, keys stored unwrapped by an earlier version, or a purge a crash interrupted. */
export async function purgeNeeded(pool: Pool, keks: KeyEncryptionKeys): Promise<boolean> {
  if ((await keks.retired()).length > 0) return true;
  const result = await pool.query<{ needed: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM personal_data_keys WHERE (erased_at IS NOT NULL AND purged_at IS NULL) OR (data_key IS NOT NULL AND kek_id IS NULL))
         OR EXISTS (SELECT 1 FROM personal_data_keys k, personal_data_kek c WHERE k.data_key IS NOT NULL AND k.kek_id <> c.kek_id) AS needed`,
  );
  return result.rows[0]!.needed;
}

/**
 * Makes erasures hold on disk (docs/decisions/0162). In this order, so that a crash at any point
 * loses no live key and the next purge (at start) finishes the work:
 * 1. a new key-encryption key, the old one kept beside it (file written, synced, renamed);
 * 2. every live data key re-wrapped under the new one and the database told so, in one transaction;
 * 3. the old key-encryption key destroyed: old row versions and WAL records of destroyed data keys
 *    are now wrapped under a key that exists nowhere;
 * 4. the tables that held clear personal data rewritten (VACUUM FULL), so dead row versions and
 *    index entries are gone, and the WAL that held them retired (checkpoints and segment switches;
 *    the embedded PostgreSQL removes old segments instead of recycling them);
 * 5. the erasures covered are marked purged.
 * Returns how many erasures it marked.
 */
export async function purgePersonalData(pool: Pool, keks: KeyEncryptionKeys, log: PurgeLog = () => undefined): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [ERASURE_LOCK]);
    try {
      return await purgeLocked(pool, client, keks, log);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [ERASURE_LOCK]);
    }
  } finally {
    client.release();
  }
}

async function purgeLocked(pool: Pool, client: pg.PoolClient, keks: KeyEncryptionKeys, log: PurgeLog): Promise<number> {
  await ledgerEveryErasure(client, keks);
  const resumed = (await keks.retired()).length > 0;
  const current = resumed ? await keks.current() : await keks.rotate();
  log(resumed ? 'personal data purge: resuming with the key-encryption key made before' : 'personal data purge: new key-encryption key made', { kek: current });
  const rewrapped = await rewrapAll(pool, keks, current);
  log('personal data purge: data keys re-wrapped', { rewrapped });
  await keks.destroyRetired();
  log('personal data purge: old key-encryption key destroyed');
  const caughtUp = await projectionsCaughtUp(client);
  await rewriteTables(client, log);
  await retireWal(client, log);
  if (!caughtUp) {
    log('personal data purge: projections had not applied every erasure; they stay pending for the next purge');
    return 0;
  }
  const marked = await client.query(
    `UPDATE personal_data_keys SET purged_at = now()
      WHERE erased_at IS NOT NULL AND purged_at IS NULL AND kek_id IS DISTINCT FROM $1`,
    [current],
  );
  log('personal data purge: done', { erasures: marked.rowCount ?? 0 });
  return marked.rowCount ?? 0;
}

/**
 * Every erasure not purged yet is in the ledger beside the keys (decision 0336): an erasure writes
 * its line after its transaction, so a crash between the two is made good here, before the purge
 * destroys anything. The ledger keeps each person once when read, so a line twice is harmless.
 */
async function ledgerEveryErasure(client: pg.PoolClient, keks: KeyEncryptionKeys): Promise<void> {
  const pending = await client.query<{ person_id: string; erased_at: Date }>('SELECT person_id, erased_at FROM personal_data_keys WHERE erased_at IS NOT NULL AND purged_at IS NULL');
  for (const row of pending.rows) await keks.recordErasure(row.person_id, row.erased_at);
}

/**
 * How long a purge waits for one table lock before it lets go and tries again. Without it, a purge
 * queued behind a transaction of the shop's that waits on its own query on another connection (which
 * waits behind the purge) would deadlock where PostgreSQL cannot see it.
 */
const LOCK_TIMEOUT = '2s';
const LOCK_ATTEMPTS = 30;

/** `work` again after a lock timeout (SQLSTATE 55P03), a pause between, at most LOCK_ATTEMPTS times. */
async function retryingLocks<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code !== '55P03' || attempt >= LOCK_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Step 2: in one transaction, with new keys held back (they would be wrapped under the old key-encryption key). */
function rewrapAll(pool: Pool, keks: KeyEncryptionKeys, current: string): Promise<number> {
  return retryingLocks(() => rewrapOnce(pool, keks, current));
}

async function rewrapOnce(pool: Pool, keks: KeyEncryptionKeys, current: string): Promise<number> {
  return inTransaction(pool, async (tx) => {
    await tx.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
    await tx.query('LOCK TABLE personal_data_keys IN EXCLUSIVE MODE');
    const rows = await tx.query<{ person_id: string; data_key: Buffer; kek_id: string | null }>(
      'SELECT person_id, data_key, kek_id FROM personal_data_keys WHERE data_key IS NOT NULL AND kek_id IS DISTINCT FROM $1',
      [current],
    );
    const people: string[] = [];
    const wrapped: Buffer[] = [];
    for (const row of rows.rows) {
      const dataKey = row.kek_id === null ? row.data_key : await keks.unwrap({ kekId: row.kek_id, wrapped: row.data_key }, row.person_id);
      people.push(row.person_id);
      wrapped.push((await keks.wrap(dataKey, row.person_id, current)).wrapped);
    }
    if (people.length > 0) {
      await tx.query(
        `UPDATE personal_data_keys k SET data_key = w.data_key, kek_id = $3
           FROM unnest($1::text[], $2::bytea[]) AS w(person_id, data_key) WHERE k.person_id = w.person_id`,
        [people, wrapped, current],
      );
    }
    await tx.query('INSERT INTO personal_data_kek (kek_id) VALUES ($1) ON CONFLICT (one) DO UPDATE SET kek_id = EXCLUDED.kek_id', [current]);
    return people.length;
  });
}

/** The projectors have applied every event appended before now (the erasure events among them), or the wait ran out. */
async function projectionsCaughtUp(client: pg.PoolClient): Promise<boolean> {
  const head = await readLogHead(client);
  const deadline = Date.now() + PROJECTIONS_WAIT_MS;
  while (Date.now() < deadline) {
    if (await checkpointsReached(client, head)) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

async function rewriteTables(client: pg.PoolClient, log: PurgeLog): Promise<void> {
  const present = await client.query<{ name: string }>(`SELECT name FROM unnest($1::text[]) AS name WHERE to_regclass('public.' || quote_ident(name)) IS NOT NULL`, [
    [...PURGED_TABLES],
  ]);
  const tables = present.rows.map((row) => `public.${row.name}`);
  await client.query(`SET lock_timeout = '${LOCK_TIMEOUT}'`);
  try {
    // One table at a time, each retried on its own. ANALYZE too: its samples of the old rows (pg_statistic's most common values) are replaced.
    for (const table of tables) await retryingLocks(() => client.query(`VACUUM (FULL, ANALYZE) ${table}`));
    // pg_statistic's own dead versions still hold the old samples; only a superuser may rewrite it.
    await retryingLocks(() => client.query('VACUUM FULL pg_catalog.pg_statistic')).catch((error: Error) =>
      log('personal data purge: pg_statistic not rewritten', { reason: error.message }),
    );
  } finally {
    await client.query('RESET lock_timeout');
  }
  log('personal data purge: tables rewritten', { tables: tables.length });
}

/** Checkpoints and segment switches, so that every WAL segment written before the rewrite is behind two checkpoints and removed. */
async function retireWal(client: pg.PoolClient, log: PurgeLog): Promise<void> {
  try {
    await client.query('CHECKPOINT');
    for (let round = 0; round < 2; round++) {
      await client.query('SELECT pg_switch_wal()');
      await client.query('CHECKPOINT');
    }
    log('personal data purge: WAL retired');
  } catch (error) {
    // An external PostgreSQL may not let the shop's role do this: its operator's part (README).
    log('personal data purge: WAL not retired (not permitted)', { reason: (error as Error).message });
  }
}
