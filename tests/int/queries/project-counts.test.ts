import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@shop/event-store';
import { protectPersonalData } from '@shop/personal-data';
import { allProjections, rebuildInOnePass } from '@shop/projectors';
import { NAME_SEARCH_COUNT_LIMIT } from '@shop/projectors/queries';
import type { ApiClient } from '../../support/http-client.js';
import { startTestShop, type TestShop } from '../../support/shop.js';
import { projectionsCaughtUp } from '../privacy/support.js';
import { appendDomainEvents, projectCreated, projectEvents as e, registered, type AnyDomainEvent } from './support/domain-events.js';
import { clientAs, staffUser } from './support/sessions.js';

/**
 * The staff list's X-Total-Count comes from `project_counts` (decision 0240), kept by the
 * projection beside its rows: it must equal a count over the rows through every kind of change,
 * and after either rebuild.
 */
const t = (minute: number) => new Date(Date.UTC(2024, 2, 1, 10, minute)).toISOString();
const STAFF = 'staff-counts';

let shop: TestShop;
let staff: ApiClient;

/** The counts table against a count over the rows, per (state, deleted). */
async function countsAgainstRows(): Promise<{ kept: string[]; counted: string[] }> {
  const rows = (sql: string) => shop.db.pool.query<{ key: string }>(sql).then((result) => result.rows.map((row) => row.key).sort());
  return {
    kept: await rows(`SELECT state || ':' || deleted || ':' || projects AS key FROM project_counts WHERE projects <> 0`),
    counted: await rows(`SELECT state || ':' || deleted || ':' || count(*) AS key FROM project_details GROUP BY state, deleted`),
  };
}

async function expectExactCounts(): Promise<void> {
  await projectionsCaughtUp(shop.db.pool);
  const { kept, counted } = await countsAgainstRows();
  expect(kept).toEqual(counted);
  const live = await shop.db.pool.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM project_details WHERE NOT deleted GROUP BY state');
  const all = await staff.get('/api/internal/projects/?limit=1');
  expect(all.headers.get('x-total-count')).toBe(String(live.rows.reduce((sum, row) => sum + row.n, 0)));
  for (const { state, n } of live.rows) expect((await staff.get(`/api/internal/projects/?state=${state}&limit=1`)).headers.get('x-total-count'), state).toBe(String(n));
}

const append = (stream: string, events: AnyDomainEvent[]) => appendDomainEvents(shop.db.pool, stream, events);

beforeAll(async () => {
  shop = await startTestShop();
  staff = await clientAs(shop.db.pool, shop.url, staffUser(STAFF));
  await append('account-u1', [registered('u1', 'u1@example.com', 'Una One', t(0))]);
  await append('account-u2', [registered('u2', 'u2@example.com', 'Ugo Two', t(0))]);
});
afterAll(async () => {
  await shop?.stop();
});

describe('project counts kept by the projection', () => {
  it('stay exact through creates, state changes, deletes, transfers and erasure, and after both rebuilds', { timeout: 180_000 }, async () => {
    for (let n = 0; n < 30; n++) await append(`project-c${n}`, [projectCreated({ projectId: `c${n}`, ownerId: n % 2 ? 'u1' : 'u2', at: t(n), name: `Chair ${n}` })]);
    await expectExactCounts();

    for (let n = 0; n < 10; n++) await append(`project-c${n}`, [e.submitted(t(40), 'u1'), e.approved(t(41), STAFF)]);
    for (let n = 10; n < 15; n++) await append(`project-c${n}`, [e.submitted(t(40), 'u1')]);
    for (let n = 15; n < 20; n++) await append(`project-c${n}`, [e.deleted(t(42), 'u1')]);
    await expectExactCounts();
    expect((await staff.get('/api/internal/projects/?state=D&limit=1')).headers.get('x-total-count')).toBe('10');
    expect((await staff.get('/api/internal/projects/?state=R,A&limit=1')).headers.get('x-total-count')).toBe('15');

    // A transfer changes the owner only; created, changed and deleted in one append (one batch).
    await append('project-c20', [{ type: 'ProjectTransferred', data: { fromUserId: 'u2', toUserId: 'u1', organizationId: null, at: t(43), by: STAFF } }]);
    await append('project-c99', [projectCreated({ projectId: 'c99', ownerId: 'u1', at: t(44) }), e.submitted(t(45), 'u1'), e.deleted(t(46), 'u1')]);
    await expectExactCounts();

    const erased = await staff.post('/api/internal/users/u1/erase/');
    expect(erased.status, erased.text).toBe(200);
    await expectExactCounts();

    const eventStore = protectPersonalData(new PostgresEventStore(shop.db.pool), shop.db.pool);
    const projects = allProjections.find((projection) => projection.name === 'projects')!;
    await shop.db.pool.query('UPDATE project_counts SET projects = projects + 7'); // a rebuild makes them anew
    await rebuildInOnePass({ pool: shop.db.pool, eventStore }, [projects]);
    await expectExactCounts();
    await shop.db.pool.query('UPDATE project_counts SET projects = projects + 7');
    await rebuildInOnePass({ pool: shop.db.pool, eventStore }, [projects]);
    await expectExactCounts();
    expect((await staff.get('/api/internal/projects/?limit=1')).headers.get('x-total-count')).toBe('25');
  });

  it('counts a name search exactly up to its limit, and past it says only a lower bound', { timeout: 180_000 }, async () => {
    const many = Array.from({ length: NAME_SEARCH_COUNT_LIMIT + 5 }, (_, n) => n);
    for (let at = 0; at < many.length; at += 50) {
      await Promise.all(many.slice(at, at + 50).map((n) => append(`project-w${n}`, [projectCreated({ projectId: `w${n}`, ownerId: 'u2', at: t(50), name: `Window seat ${n}` })])));
    }
    await projectionsCaughtUp(shop.db.pool);
    const few = await staff.get('/api/internal/projects/?name=window%20seat%2099&limit=2');
    expect(few.status).toBe(200);
    expect(few.headers.get('x-total-count')).toBe('11'); // 99 and 990-999
    expect(few.headers.get('x-total-count-at-least')).toBeNull();
    const lots = await staff.get('/api/internal/projects/?name=window&limit=2');
    expect(lots.status).toBe(200);
    expect((lots.body as unknown[]).length).toBe(2);
    expect(lots.headers.get('x-total-count')).toBeNull();
    expect(lots.headers.get('x-total-count-at-least')).toBe(String(NAME_SEARCH_COUNT_LIMIT));
  });
});
