import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { ApiClient } from '../../support/http-client.js';
import { startRole, type RoleProcess } from '../../support/processes.js';

/**
 * Issue 54 item 4 (decision 0326): a command-api process is SIGKILLed during a sign-up, after it
 * stored the credentials (which reserve the address) and before the account's events were
 * appended. The address must not stay reserved for good: once the reservation has expired, a
 * sign-up with that address makes the account.
 *
 * The kill lands between the two steps by holding the event log's `streams` table locked: the
 * sign-up's credentials commit, its append waits on the lock, and the process is killed there.
 * PostgreSQL does not notice a dead client while a statement waits on a lock, so the killed
 * process's waiting backend is ended too, as the append of a process that died before sending
 * it never reaches the database.
 */
let db: TestDatabase;
let env: Record<string, string>;
const processes: RoleProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  env = { DATABASE_URL: db.url, DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'shop-signup-crash-')) };
}, 60_000);

afterAll(async () => {
  await Promise.all(processes.map((process_) => process_.stop().catch(() => undefined)));
  await db?.drop();
});

async function clientOf(process_: RoleProcess): Promise<ApiClient> {
  const client = new ApiClient(process_.url!);
  await client.get('/api/openapi.json');
  return client;
}

async function until(probe: () => Promise<boolean>): Promise<void> {
  while (!(await probe())) await new Promise((resolve) => setTimeout(resolve, 50));
}

const count = async (sql: string, params: unknown[]) => Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM (${sql}) AS found`, params)).rows[0]!.n);

describe('sign-up killed between the credentials and the events', () => {
  it('leaves a reservation that expires, and a later sign-up with the address makes the account', async () => {
    const email = 'crashed.signup@shop.test';
    const signUp = { email, name: 'Carla Crash', password: 'Crash-Pass1' };
    const first = await startRole('command', env);
    processes.push(first);
    const client = await clientOf(first);

    const locker = await db.pool.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE streams IN EXCLUSIVE MODE');
      const pending = client.post('/api/users/', signUp).catch(() => null);
      await until(async () => (await count('SELECT 1 FROM account_credentials WHERE email = $1', [email])) === 1);
      await until(
        async () => (await count("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()", [])) > 0,
      );
      await first.crash();
      expect(await pending).toBeNull(); // no answer: the process died
      await db.pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()");
      await locker.query('ROLLBACK');
    } finally {
      locker.release();
    }
    // What the crash left: the address reserved by credentials whose account has no event.
    const { rows } = await db.pool.query<{ user_id: string }>('SELECT user_id FROM account_credentials WHERE email = $1', [email]);
    const orphan = rows[0]!.user_id;
    expect(await count('SELECT 1 FROM events WHERE stream_id = $1', [`account-${orphan}`])).toBe(0);

    const second = await startRole('command', env);
    processes.push(second);
    const again = await clientOf(second);
    // Not yet expired: it could be a sign-up still under way.
    const tooSoon = await again.post('/api/users/', signUp);
    expect(tooSoon.status, tooSoon.text).toBe(409);
    // The reservation's minute passes (moved back in the table rather than waited for).
    await db.pool.query("UPDATE account_credentials SET created_at = created_at - interval '2 minutes' WHERE email = $1", [email]);
    const made = await again.post('/api/users/', signUp);
    expect(made.status, made.text).toBe(201);
    expect(made.body.user_id).not.toBe(orphan);
    expect(await count('SELECT 1 FROM account_credentials WHERE email = $1', [email])).toBe(1);
    expect(await count('SELECT 1 FROM events WHERE stream_id = $1', [`account-${made.body.user_id}`])).toBeGreaterThan(0);
    // Nothing of the killed sign-up remains, and an account that got its events is never released.
    expect(await count('SELECT 1 FROM account_credentials WHERE user_id = $1', [orphan])).toBe(0);
    await db.pool.query("UPDATE account_credentials SET created_at = created_at - interval '2 minutes' WHERE email = $1", [email]);
    expect((await again.post('/api/users/', signUp)).status).toBe(409);
  }, 300_000);
});
