import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../support/http-client.js';
import type { TestShop } from '../../support/shop.js';
import { activeCustomer, anonymous, completeFabric, startCommandShop } from '../commands/helpers.js';

/**
 * Session consistency without any header (docs/decisions/0210), on the embedded shop. The
 * projections are held back by a test transaction that locks a read-model table against writes
 * (reads of it still go through), so a read that answers the new state must have waited for it,
 * and a read that answers while the revisions table is locked cannot have asked it anything.
 */
let shop: TestShop;
let customer: ApiClient;

/** Long enough that a read answering well before it did not wait for the bound, even on a loaded machine. */
const WAIT_MS = 4000;

beforeAll(async () => {
  shop = await startCommandShop({ READ_YOUR_WRITES_WAIT_MS: String(WAIT_MS) });
  customer = (await activeCustomer(shop, 'Sadie Session')).client;
});
afterAll(async () => {
  await shop?.stop();
});

/** Holds `LOCK TABLE <table> IN <mode> MODE` in an open transaction until released. */
async function lock(table: string, mode: 'EXCLUSIVE' | 'ACCESS EXCLUSIVE'): Promise<() => Promise<void>> {
  const client = await shop.db.pool.connect();
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${table} IN ${mode} MODE`);
  return async () => {
    await client.query('COMMIT');
    client.release();
  };
}

/** `read` while `table` is locked, released only after the read was sent and had time to wait. */
async function readWhileHeldBack<T>(table: string, write: () => Promise<unknown>, read: () => Promise<T>): Promise<T> {
  const release = await lock(table, 'EXCLUSIVE');
  try {
    await write();
    const answer = read();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await release();
    return await answer;
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }
}

/** Fails instead of hanging when `promise` does not settle in time (a read blocked on a locked table). */
function settlesWithin<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer in ${ms} ms`)), ms))]);
}

describe('session consistency', () => {
  it('a read waits for the projections to show the session’s own write, with no header sent', async () => {
    let id = '';
    const read = await readWhileHeldBack(
      'project_details',
      async () => {
        const created = await customer.post('/api/projects/', { name: 'Held back', fabrics: [completeFabric()] });
        expect(created.status, created.text).toBe(201);
        id = created.body.id;
      },
      () => customer.get(`/api/projects/${id}/`),
    );
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ id, name: 'Held back' });
    expect(read.headers.get('x-min-revision-status')).toBe('reached');
  });

  it('a second client holding the same session cookie reads the first one’s write', async () => {
    const created = await customer.post('/api/projects/', { name: 'Shared', fabrics: [completeFabric()] });
    const id: string = created.body.id;
    const otherTab = customer.pointedAt(shop.url);
    const read = await readWhileHeldBack(
      'project_details',
      () => customer.put(`/api/projects/${id}/`, { name: 'Renamed in the first tab' }),
      () => otherTab.get(`/api/projects/${id}/`),
    );
    expect(read.body).toMatchObject({ id, name: 'Renamed in the first tab' });
  });

  it('a guest reads the project it just saved, across the log-in that saving makes', async () => {
    const guest = await anonymous(shop);
    let id = '';
    const read = await readWhileHeldBack(
      'project_details',
      async () => {
        const saved = await guest.post('/api/guests/', { email: `guest-${Date.now()}@shop.test`, project: { name: 'Guest bench', fabrics: [completeFabric()] } });
        expect(saved.status, saved.text).toBe(201);
        id = saved.body.project.id;
      },
      () => guest.get(`/api/projects/${id}/`),
    );
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ id, name: 'Guest bench' });
  });

  it('notes the writes of concurrent requests of one session, none lost to the other’s save', async () => {
    const tabs = [customer, ...Array.from({ length: 5 }, () => customer.pointedAt(shop.url))];
    const created = await Promise.all(tabs.map((tab, n) => tab.post('/api/projects/', { name: `Tab ${n}`, fabrics: [] })));
    const { rows } = await shop.db.pool.query<{ writes: Record<string, [revision: number, at: number]> }>(
      "SELECT sess -> 'writes' AS writes FROM http_sessions WHERE sess -> 'user' ->> 'userId' = $1",
      [created[0]!.body.user],
    );
    expect(rows).toHaveLength(1);
    for (const answer of created) expect(rows[0]!.writes[`project-${answer.body.id}`]?.[0]).toBe(0);
  });

  it('answers after READ_YOUR_WRITES_WAIT_MS with X-Min-Revision-Status: timeout, never a silent 404', async () => {
    const release = await lock('project_details', 'EXCLUSIVE');
    try {
      const created = await customer.post('/api/projects/', { name: 'Never in time', fabrics: [] });
      const started = Date.now();
      const read = await customer.get(`/api/projects/${created.body.id}/`);
      expect(read.status).toBe(404);
      expect(read.headers.get('x-min-revision-status')).toBe('timeout');
      expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 50);
    } finally {
      await release();
    }
  });

  it('X-Min-Revision wins over the session’s writes: it waits only for what it names', async () => {
    const seen = await customer.post('/api/projects/', { name: 'Seen', fabrics: [] });
    await customer.get(`/api/projects/${seen.body.id}/`);
    const release = await lock('project_details', 'EXCLUSIVE');
    try {
      await customer.post('/api/projects/', { name: 'Pending', fabrics: [] });
      const started = Date.now();
      const read = await customer.get(`/api/projects/${seen.body.id}/`, { 'x-min-revision': `project-${seen.body.id}@0` });
      expect(read.status).toBe(200);
      expect(read.headers.get('x-min-revision-status')).toBe('reached');
      // Waiting for the pending write, which cannot be projected while the lock is held, would take the whole bound.
      expect(Date.now() - started).toBeLessThan(WAIT_MS);
    } finally {
      await release();
    }
  });

  it('a read with nothing pending does not wait: no revision query, no status header', async () => {
    const idle = (await activeCustomer(shop, 'Ida Idle')).client;
    const created = await customer.post('/api/projects/', { name: 'Seen already', fabrics: [] });
    expect((await customer.get(`/api/projects/${created.body.id}/`)).status).toBe(200);
    // Any query of the revisions table would now block until the lock is released.
    const release = await lock('projection_stream_revisions', 'ACCESS EXCLUSIVE');
    try {
      const nothingWritten = await settlesWithin(idle.get('/api/projects/'), 20_000, 'a read of a session that wrote nothing');
      expect(nothingWritten.status).toBe(200);
      expect(nothingWritten.headers.get('x-min-revision-status')).toBeNull();
      const allSeen = await settlesWithin(customer.get(`/api/projects/${created.body.id}/`), 20_000, 'a read of writes this process saw applied');
      expect(allSeen.status).toBe(200);
      expect(allSeen.headers.get('x-min-revision-status')).toBeNull();
    } finally {
      await release();
    }
  });

  it('a session changed or ended by another process after a write is read as it now is, not as the writer kept it', async () => {
    const kept = await activeCustomer(shop, 'Kip Kept');
    const other = await activeCustomer(shop, 'Otto Other');
    // The write's save is kept by this process (decision 0261): the next read comes from memory.
    expect((await kept.client.post('/api/projects/', { name: 'Kept session', fabrics: [] })).status).toBe(201);
    expect((await kept.client.get('/api/users/')).body.email).toBe(kept.email);
    // Another process (a second shop process, an erasure, a password change: anything with a connection) changes the row.
    const user = { userId: other.userId, email: other.email, isStaff: false, isGuest: false };
    await shop.db.pool.query(`UPDATE http_sessions SET sess = jsonb_set(sess::jsonb, '{user}', $2::jsonb)::json WHERE sess -> 'user' ->> 'userId' = $1`, [
      kept.userId,
      JSON.stringify(user),
    ]);
    expect(await readUntil(() => kept.client.get('/api/users/'), (read) => read.body.email === other.email)).toMatchObject({ body: { email: other.email } });
    // A later write of this session is kept again, and a deletion elsewhere still ends it.
    expect((await kept.client.post('/api/projects/', { name: 'Kept again', fabrics: [] })).status).toBe(201);
    expect((await kept.client.get('/api/projects/')).status).toBe(200);
    await shop.db.pool.query("DELETE FROM http_sessions WHERE sess -> 'user' ->> 'userId' = $1", [other.userId]);
    expect((await readUntil(() => kept.client.get('/api/projects/'), (read) => read.status === 401)).status).toBe(401);
  });
});

/**
 * Reads until `done`, for at most 4 s: the change elsewhere arrives by NOTIFY within milliseconds,
 * and the cache's 5 s expiry, which began before the change, must not be what ends a stale copy.
 */
async function readUntil<T>(read: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
  const deadline = Date.now() + 4_000;
  for (;;) {
    const answer = await read();
    if (done(answer) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
