import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createShopMetrics, inTransaction, START, type Pool } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { openEventStore, PersonalDataKeys, protectPersonalData } from '@shop/personal-data';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { allProjections, createShadowTables, eachEvent, readModelMigrationDirs, rebuildInOnePass, rebuildsTidied, replayInto, type Projection } from '@shop/projectors';
import { appendDomainEvents, memberAdded, organizationCreated, projectCreated, projectEvents as e, registered, type AnyDomainEvent } from './support/domain-events.js';

/**
 * The one-pass engine against the plain fold it replaces: every event applied through each
 * projection's own `apply`, one by one. Every read-model table and the runner's bookkeeping must
 * come out identical (md5 of the ordered rows), with one worker and with several.
 */
const PROJECTS = 1600; // × 13 events
const ACCOUNTS = 3000;
const ORGANIZATIONS = 400; // × 5
const NOTIFICATIONS = 40; // published, changed, some removed
/**
 * About 25,900 events. What the size must reach, every boundary of the engine and of the plain fold
 * crossed several times: the one-pass pages grow 500, 1,000, 2,000, 4,000 and then stay at 5,000
 * (one-pass.ts), so 7,500 events of growing pages, three full pages and a short last one (the
 * swapped-in run's 3,000-event pages: seven full and a short one); the plain and batched folds
 * read 2,000 at a time (13 batches); the per-stream rows of the finish are flushed every 2,000
 * (fold-shard.ts) and 3,000 accounts and 5,000 streams cross that; each project's two halves are
 * 9,600 events apart, so on different pages. It was 50,000 when the fold ran in worker threads by
 * stream hash (decision 0420 removed them); more events cross the same boundaries again, and only
 * made the event-by-event reference fold (most of this file's time) longer.
 */
const EVENTS_AT_LEAST = 25_000;
const at = (index: number, step: number) => new Date(Date.UTC(2023, 0, 1) + index * 3_600_000 + step * 60_000).toISOString();

function projectHistory(index: number): AnyDomainEvent[] {
  const owner = `u${index % ACCOUNTS}`;
  const events: AnyDomainEvent[] = [
    projectCreated({ projectId: `p${index}`, ownerId: owner, at: at(index, 0), organizationId: index % 5 === 0 ? `o${index % ORGANIZATIONS}` : null }),
    e.submitted(at(index, 1), owner),
    e.approved(at(index, 2), 'staff'),
    e.invoiceSent(at(index, 3), 'staff', `${owner}@example.com`),
    e.paid(at(index, 4), owner, 20000, 34000),
    e.started(at(index, 5), 'staff', '2023-06-01'),
    e.production(at(index, 6), 'staff', 'N', 'CIP'),
    // Text COPY must escape: tabs, new lines, backslashes, quotes; and carry characters of several UTF-8 bytes.
    e.noteAdded(at(index, 7), 'staff', `n${index}`, `checked\tby "Ann" — Zoë 😀\nline two \\ done`),
    e.paused(at(index, 8), 'staff', 'I'),
    e.unpaused(at(index, 9), 'staff', 'I'),
    e.fabricArrived(at(index, 10), 'staff'),
    e.completed(at(index, 11), 'staff'),
    index % 7 === 0 ? e.deleted(at(index, 12), owner) : e.shipped(at(index, 12), 'staff'),
  ];
  return events;
}

async function appendNotifications(pool: Pool): Promise<void> {
  const store = new PostgresEventStore(pool);
  const envelope = (type: string, data: Record<string, unknown>) => ({
    id: randomUUID(),
    type,
    data,
    metadata: { actor: 'staff', correlationId: randomUUID(), causationId: null, occurredAt: String(data.at) },
  });
  for (let n = 0; n < NOTIFICATIONS; n++) {
    const stamp = { at: at(n, 0), by: 'staff' };
    const events = [envelope('NotificationPublished', { notificationId: `m${n}`, message: `Closed on day ${n}\ttab`, active: true, ...stamp })];
    if (n % 2 === 0) events.push(envelope('NotificationChanged', { notificationId: `m${n}`, active: false, ...stamp, at: at(n, 1) }));
    if (n % 5 === 0) events.push(envelope('NotificationRemoved', { notificationId: `m${n}`, ...stamp, at: at(n, 2) }));
    await store.appendToStream('notifications', events);
  }
}

/**
 * Every fourth project goes through the personal-data store, as the shop writes (its InvoiceSent
 * e-mail sealed); one of their owners is then erased, and some payments are left at version 1 of
 * their schema. Those events reach the folds changed by the reader (decrypted, erased, upcast), so
 * the rebuild sends their rows whole, where the clear ones are copied from the log by PostgreSQL.
 */
const SEALED = (index: number) => index % 4 === 1;
const ERASED_OWNER = 'u1';
const OLD_PAYMENTS = (index: number) => index % 9 === 0;

async function buildLog(pool: Pool): Promise<void> {
  const sealing = protectPersonalData(new PostgresEventStore(pool), pool);
  const appends: Array<() => Promise<unknown>> = [];
  for (let i = 0; i < ACCOUNTS; i++) appends.push(() => appendDomainEvents(pool, `account-u${i}`, [registered(`u${i}`, `u${i}@example.com`, `User ${i}`, at(i, 0))]));
  for (let i = 0; i < ORGANIZATIONS; i++) {
    const members = [0, 1, 2, 3].map((m) => memberAdded(`u${(i * 4 + m) % ACCOUNTS}`, at(i, m + 1), 'staff'));
    appends.push(() => appendDomainEvents(pool, `organization-o${i}`, [organizationCreated(`o${i}`, `Org ${i}`, at(i, 0), 'staff'), ...members]));
  }
  // Projects in two halves, so streams interleave across pages of the global order.
  const store = (i: number) => (SEALED(i) ? sealing : undefined);
  for (let i = 0; i < PROJECTS; i++) appends.push(() => appendDomainEvents(pool, `project-p${i}`, projectHistory(i).slice(0, 6), store(i)));
  for (let i = 0; i < PROJECTS; i++) appends.push(() => appendDomainEvents(pool, `project-p${i}`, projectHistory(i).slice(6), store(i)));
  for (let start = 0; start < appends.length; start += 16) await Promise.all(appends.slice(start, start + 16).map((append) => append()));
  await appendOddTexts(pool);
  await appendNotifications(pool);
  await new PersonalDataKeys(pool).destroy(ERASED_OWNER);
  // Written by the version before PaymentRecorded 2 (no chargeId); the upcaster adds it on read.
  const old = Array.from({ length: PROJECTS }, (_, i) => i).filter(OLD_PAYMENTS).map((i) => `project-p${i}`);
  // The log is append-only: the older version's events are written back through the one logged path (decision 0345).
  await inTransaction(pool, async (client) => {
    await client.query("SELECT shop_allow_event_rewrite('test set-up: PaymentRecorded as version 1 wrote it')");
    await client.query("UPDATE events SET schema_version = 1, data = data - 'chargeId' WHERE event_type = 'PaymentRecorded' AND stream_id = ANY($1)", [old]);
  });
}

/**
 * A project whose stream id and owner (the events' actor) hold a tab and a new line: the rebuild
 * reads the log with COPY's text format, which escapes them, and must undo the escapes exactly
 * (rebuild/log-page.ts).
 */
async function appendOddTexts(pool: Pool): Promise<void> {
  const owner = 'u\todd\nowner';
  await appendDomainEvents(pool, 'project-p\todd\nstream', [
    projectCreated({ projectId: 'p-odd', ownerId: owner, at: at(0, 0), organizationId: null }),
    e.submitted(at(0, 1), owner),
    e.noteAdded(at(0, 2), owner, 'n-odd', 'a\tb'),
  ]);
}

/** md5 of each table's rows in order, and of the projection's revisions and checkpoint. */
async function digests(pool: Pool, schema: string, projection: Projection): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of projection.tables) {
    const result = await pool.query<{ n: number; digest: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM "${schema}"."${table}" t`,
    );
    out[table] = `${result.rows[0]!.n}:${result.rows[0]!.digest}`;
  }
  const revisions = await pool.query<{ n: number; digest: string }>(
    `SELECT count(*)::int AS n, md5(coalesce(string_agg(stream_id || '@' || revision, '|' ORDER BY stream_id), '')) AS digest
       FROM "${schema}".projection_stream_revisions WHERE projection = $1`,
    [projection.name],
  );
  out.projection_stream_revisions = `${revisions.rows[0]!.n}:${revisions.rows[0]!.digest}`;
  const checkpoint = await pool.query('SELECT transaction_id, global_position FROM "' + schema + '".projection_checkpoints WHERE name = $1', [projection.name]);
  out.projection_checkpoints = JSON.stringify(checkpoint.rows);
  return out;
}

/** Indexes and constraints (a primary key or unique constraint with the index it is attached to) of the projection's tables. */
async function indexNames(pool: Pool, schema: string, projection: Projection): Promise<string[]> {
  const result = await pool.query<{ name: string }>(
    `SELECT indexname || ':' || regexp_replace(indexdef, ' ON \\S+ ', ' ON ') AS name FROM pg_indexes WHERE schemaname = $1 AND tablename = ANY($2) ORDER BY 1`,
    [schema, projection.tables],
  );
  const constraints = await pool.query<{ name: string }>(
    `SELECT c.conname || ':' || c.contype::text || ':' || pg_get_constraintdef(c.oid) || ':' || coalesce(i.relname, '') AS name
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace LEFT JOIN pg_class i ON i.oid = c.conindid
      WHERE n.nspname = $1 AND t.relname = ANY($2) ORDER BY 1`,
    [schema, projection.tables],
  );
  return [...result.rows, ...constraints.rows].map((row) => row.name);
}

let db: TestDatabase;
const plain = new Map<string, Record<string, string>>();
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'), readModelMigrationDirs);
  await buildLog(db.pool);
  // The reference: each projection's own batch function, one event at a time, into a schema of
  // its own, reading the log as the shop does (personal fields opened, old versions upcast).
  const deps = { pool: db.pool, eventStore: openEventStore({}, db.pool) };
  for (const projection of allProjections) {
    const schema = `plain_${projection.name}`;
    await createShadowTables(db.pool, schema, projection.tables);
    await replayInto(deps, { ...projection, apply: eachEvent((client, event) => projection.apply(client, [event])) }, schema, START, { total: 0 });
    plain.set(projection.name, await digests(db.pool, schema, projection));
  }
}, 900_000);
afterAll(async () => {
  await db?.drop();
});

describe('one-pass rebuild', () => {
  it('logs over 25,000 events of every kind', async () => {
    const { rows } = await db.pool.query<{ n: number; types: number }>('SELECT count(*)::int AS n, count(DISTINCT event_type)::int AS types FROM events');
    expect(rows[0]!.n).toBeGreaterThanOrEqual(EVENTS_AT_LEAST);
    expect(rows[0]!.types).toBeGreaterThanOrEqual(18);
    const opened = await db.pool.query<{ sealed: number; old: number; erased: number }>(
      `SELECT (SELECT count(*)::int FROM events WHERE data ? '$personal') AS sealed,
              (SELECT count(*)::int FROM events WHERE schema_version = 1 AND event_type = 'PaymentRecorded') AS old,
              (SELECT count(*)::int FROM personal_data_keys WHERE person_id = $1 AND data_key IS NULL) AS erased`,
      [ERASED_OWNER],
    );
    expect(opened.rows[0]).toEqual({ sealed: expect.any(Number), old: expect.any(Number), erased: 1 });
    // A sealed InvoiceSent for every fourth project, version 1 PaymentRecorded for every ninth.
    expect(opened.rows[0]!.sealed).toBeGreaterThanOrEqual(PROJECTS / 4);
    expect(opened.rows[0]!.old).toBeGreaterThanOrEqual(Math.floor(PROJECTS / 9));
  });

  it('as of a date, builds every table identical to the plain fold', { timeout: 600_000 }, async () => {
    const results = await rebuildInOnePass({ pool: db.pool, eventStore: new PostgresEventStore(db.pool) }, allProjections, { until: new Date('2999-01-01') });
    for (const [index, projection] of allProjections.entries()) {
      const schema = results[index]!.schema;
      expect(schema).toBe(`asof_${projection.name}_2999_01_01`);
      expect(await digests(db.pool, schema, projection), projection.name).toEqual(plain.get(projection.name));
      expect(await indexNames(db.pool, schema, projection), projection.name).toEqual(await indexNames(db.pool, 'public', projection));
    }
  });

  it("builds every table identical to the plain fold through the live path's batches (batches of 2,000)", { timeout: 600_000 }, async () => {
    // The careful path goes event by event when a batch throws: a throw here must fail the test, not hide.
    const refused: unknown[] = [];
    const deps = { pool: db.pool, eventStore: openEventStore({}, db.pool) };
    for (const projection of allProjections) {
      const batched: Projection = {
        ...projection,
        apply: (client, events) => projection.apply(client, events).catch((error: unknown) => { refused.push(error); throw error; }),
      };
      const schema = `batched_${projection.name}`;
      await createShadowTables(db.pool, schema, projection.tables);
      await replayInto(deps, batched, schema, START, { total: 0, batchSize: 2000 });
      expect(await digests(db.pool, schema, projection), projection.name).toEqual(plain.get(projection.name));
    }
    expect(refused).toEqual([]);
  });

  it('swapped in, leaves the live tables identical to the plain fold, reporting progress on /metrics', { timeout: 600_000 }, async () => {
    const metrics = createShopMetrics({ pool: db.pool, projections: allProjections.map((projection) => projection.name) });
    const progress: number[] = [];
    const scrapes: Array<Promise<string>> = [];
    await rebuildInOnePass({ pool: db.pool, eventStore: new PostgresEventStore(db.pool) }, allProjections, {
      pageSize: 3000,
      onProgress: (step) => {
        progress.push(step.done);
        scrapes.push(metrics.registry.metrics());
      },
    });
    const during = (await Promise.all(scrapes)).join('\n');
    expect(during).toMatch(/rebuild_events_done\{projection="project_history",phase="load"\} [1-9]\d*/);
    expect(during).toMatch(/rebuild_events_total\{projection="projects",phase="load"\} [1-9]\d*/);
    // Scrapes share one read of the progress table for 250 ms: the finished rebuild is gone after that.
    await vi.waitFor(async () => expect(await metrics.registry.metrics()).not.toMatch(/rebuild_events_done\{/), { timeout: 5_000, interval: 100 });
    for (const projection of allProjections) expect(await digests(db.pool, 'public', projection), projection.name).toEqual(plain.get(projection.name));
    await rebuildsTidied(); // the old tables are dropped after the rebuild returned
    const leftovers = await db.pool.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild\\_%' OR nspname LIKE 'retired\\_%'");
    expect(leftovers.rows).toEqual([]);
    expect(progress.at(-1)).toBeGreaterThanOrEqual(EVENTS_AT_LEAST);
    // Statistics for the indexed columns now; autovacuum is left a count of changes to analyze the
    // rest (unless it has already been round, which the check allows for).
    const analyzed = await db.pool.query<{ column: string; bounds: number | null }>(
      `SELECT attname AS column, array_length(histogram_bounds::text::text[], 1) AS bounds
         FROM pg_stats WHERE schemaname = 'public' AND tablename = 'project_activity' ORDER BY attname`,
    );
    const columns = analyzed.rows.map((row) => row.column);
    // ... from a small sample (statistics target 10: at most 11 histogram bounds, against 101 at the default).
    const streamBounds = analyzed.rows.find((row) => row.column === 'stream_id')?.bounds ?? 0;
    expect(columns).toEqual(expect.arrayContaining(['revision', 'stream_id']));
    // Backends report their writes to the statistics a moment after they go idle.
    await vi.waitFor(
      async () => {
        const table = await db.pool.query<{ changes: number; autoanalyzed: Date | null }>(
          "SELECT n_mod_since_analyze::int AS changes, last_autoanalyze AS autoanalyzed FROM pg_stat_user_tables WHERE schemaname = 'public' AND relname = 'project_activity'",
        );
        if (table.rows[0]!.autoanalyzed !== null) return;
        expect(columns).toEqual(['revision', 'stream_id']);
        expect(streamBounds).toBeGreaterThan(1);
        expect(streamBounds).toBeLessThanOrEqual(11);
        expect(table.rows[0]!.changes).toBeGreaterThan(0);
      },
      { timeout: 15_000, interval: 200 },
    );
  });
});
