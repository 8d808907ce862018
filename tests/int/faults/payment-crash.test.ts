import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import type { ApiClient } from '../../support/http-client.js';
import { startRole, type RoleProcess } from '../../support/processes.js';
import { activeCustomer, completeFabric, customItem, staffClient, staffEnv } from '../commands/helpers.js';

/**
 * Issue 54 item 3 (decision 0380): a shop process is SIGKILLed after the checkout appended the
 * card payment's authorisation and before the payment reactor captured it. After a restart the
 * payment is captured once: one PaymentCaptured event, one capture in the sandbox's books.
 *
 * The kill lands between the two by holding the sandbox gateway's captures table locked (the
 * sandbox is the named stand-in for the card processor, its books in this database): the
 * checkout's authorisation and append commit, the reactor claims the capture and its INSERT waits
 * on the lock, and the process is killed there. PostgreSQL does not notice a dead client while a
 * statement waits on a lock, so the killed process's waiting backend is ended too: a capture
 * request of a process that died before sending it never reaches the processor.
 */
let db: TestDatabase;
let env: Record<string, string>;
const processes: RoleProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  env = { DATABASE_URL: db.url, DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'shop-payment-crash-')), ...staffEnv };
}, 60_000);

afterAll(async () => {
  await Promise.all(processes.map((process_) => process_.stop().catch(() => undefined)));
  await db?.drop();
});

async function until(probe: () => Promise<boolean>): Promise<void> {
  while (!(await probe())) await new Promise((resolve) => setTimeout(resolve, 50));
}

const count = async (sql: string, params: unknown[]) => Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM (${sql}) AS found`, params)).rows[0]!.n);
const waitingOnLocks = "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()";

async function approvedProject(customer: ApiClient, staff: ApiClient): Promise<string> {
  const created = await customer.post('/api/projects/', { name: 'Window seat cushion', fabrics: [completeFabric()] });
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as string;
  expect((await customer.put(`/api/projects/${id}/`, { state: 'R' })).status).toBe(200);
  const priced = await staff.put(`/api/internal/projects/${id}/`, { fabrics: [{ ...completeFabric(), items: [{ ...customItem, unit_price: 10_000, yardage: 1 }] }] });
  expect(priced.status, priced.text).toBe(200);
  expect((await staff.put(`/api/internal/projects/${id}/`, { state: 'A' })).body.state).toBe('A');
  return id;
}

describe('payment reactor killed between the authorisation and the capture', () => {
  it('captures the payment once after a restart', async () => {
    const first = await startRole('shop', env);
    processes.push(first);
    const shop = { url: first.url! };
    const customer = (await activeCustomer(shop, 'Petra Paycrash')).client;
    const id = await approvedProject(customer, await staffClient(shop));
    const stream = `project-${id}`;

    const locker = await db.pool.connect();
    let chargeId: string;
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE sandbox_payment_captures IN EXCLUSIVE MODE');
      const paid = await customer.put(`/api/checkout/${id}/`, {
        shipping_notes: { shipping_address: { recipient_name: 'Petra', line1: '1 Main St', city: 'Brooklyn', state: 'NY', postal_code: '11201' }, delivery_type: 0 },
        payment: { token: 'tok_sandbox_visa' },
      });
      // The customer's answer does not wait for the capture: paid as before (decision 0380).
      expect(paid.status, paid.text).toBe(200);
      expect(paid.body.state).toBe('P');
      chargeId = paid.body.payment.chargeId as string;
      await until(async () => (await count("SELECT 1 FROM payment_captures WHERE charge_id = $1 AND status = 'capturing'", [chargeId])) === 1);
      await until(async () => (await count(waitingOnLocks, [])) > 0);
      await first.crash();
      await db.pool.query(`SELECT pg_terminate_backend(pid) FROM (${waitingOnLocks}) AS waiting`);
      await locker.query('ROLLBACK');
    } finally {
      locker.release();
    }

    // What the crash left: the authorisation in the log and claimed in the outbox, nothing captured.
    expect(await count("SELECT 1 FROM events WHERE stream_id = $1 AND event_type = 'PaymentRecorded'", [stream])).toBe(1);
    expect(await count("SELECT 1 FROM events WHERE stream_id = $1 AND event_type = 'PaymentCaptured'", [stream])).toBe(0);
    expect(await count('SELECT 1 FROM sandbox_payment_captures WHERE authorization_id = $1', [chargeId])).toBe(0);
    expect((await db.pool.query('SELECT status, attempts FROM payment_captures WHERE charge_id = $1', [chargeId])).rows).toEqual([{ status: 'capturing', attempts: 1 }]);

    const second = await startRole('shop', env);
    processes.push(second);
    await expect.poll(() => count("SELECT 1 FROM events WHERE stream_id = $1 AND event_type = 'PaymentCaptured'", [stream]), { timeout: 60_000 }).toBe(1);
    expect(await count('SELECT 1 FROM sandbox_payment_captures WHERE authorization_id = $1', [chargeId])).toBe(1);
    // The outbox notes the recorded outcome just after the event's append.
    await expect
      .poll(async () => (await db.pool.query('SELECT status, attempts, outcome_recorded FROM payment_captures WHERE charge_id = $1', [chargeId])).rows, { timeout: 30_000 })
      .toEqual([{ status: 'captured', attempts: 2, outcome_recorded: true }]);
    const captured = await db.pool.query<{ data: { chargeId: string; attempts: number } }>("SELECT data FROM events WHERE stream_id = $1 AND event_type = 'PaymentCaptured'", [stream]);
    expect(captured.rows[0]!.data).toMatchObject({ chargeId, attempts: 2 });

    // Staff see the payment's state through the internal API: captured, on the second attempt.
    const staff = await staffClient({ url: second.url! });
    const listed = await staff.get(`/api/internal/payments/?project_id=${id}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ charge_id: chargeId, project_id: id, state: 'captured', status: 'captured', attempts: 2, next_attempt_at: null })]);
    expect((await staff.get('/api/internal/payments/?state=retried')).body).toEqual([expect.objectContaining({ charge_id: chargeId })]);
    expect((await staff.get('/api/internal/payments/?state=capture_failed')).body).toEqual([]);
    expect((await customer.pointedAt(second.url!).get(`/api/internal/payments/?project_id=${id}`)).status).toBe(403);
    // And count it in /metrics, beside the mail.
    const metrics = await staff.get('/metrics');
    expect(metrics.text).toMatch(/^payment_captures\{status="captured"\} 1$/m);
    expect(metrics.text).toMatch(/^payment_captures\{status="failed"\} 0$/m);
    expect(metrics.text).toMatch(/^payment_captures_retried 1$/m);
  }, 300_000);
});
