import { randomUUID } from 'node:crypto';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import { createPool, type NewEvent, type Pool } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { fmt, percentile, runLoad } from './measure.js';
import type { BenchContext, Row } from './bench-context.js';

const payload = { name: 'Living room pillows', fabrics: [{ id: 'f1', name: 'Linen', items: [{ product_id: 12, quantity: 4 }] }] };

function newEvents(count: number): NewEvent[] {
  return Array.from({ length: count }, () => ({
    id: randomUUID(),
    type: 'DraftSaved',
    data: payload,
    metadata: { actor: 'bench', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
  }));
}

type Appender = { name: string; append: (stream: string, revision: number, count: number) => Promise<void>; close: () => Promise<void> };

async function ours(url: string): Promise<Appender> {
  const pool = createPool(url, 40);
  const store = new PostgresEventStore(pool);
  return {
    name: 'ours',
    append: async (stream, revision, count) => {
      await store.appendToStream(stream, newEvents(count), { expectedRevision: revision < 0 ? 'no_stream' : revision });
    },
    close: () => pool.end(),
  };
}

/**
 * The same one-round-trip append with a NOTIFY inside its transaction, as it was before decision
 * 0110: the baseline that shows what the notify-queue lock at commit cost.
 */
async function oursNotifyingInside(url: string): Promise<Appender> {
  const pool = createPool(url, 40);
  await pool.query(`CREATE OR REPLACE FUNCTION bench_append_notifying(
      p_stream text, p_expected text, p_ids uuid[], p_types text[], p_versions int[], p_data jsonb[], p_metadata jsonb[])
    RETURNS TABLE (outcome text, revision bigint) LANGUAGE plpgsql AS $$
    BEGIN
      RETURN QUERY SELECT * FROM shop_append_events(p_stream, p_expected, p_ids, p_types, p_versions, p_data, p_metadata);
      PERFORM pg_notify('shop_events', p_stream);
    END $$`);
  return {
    name: 'notify inside',
    append: async (stream, revision, count) => {
      const events = newEvents(count);
      await pool.query('SELECT * FROM bench_append_notifying($1, $2, $3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[])', [
        stream,
        revision < 0 ? 'no_stream' : String(revision),
        events.map((event) => event.id),
        events.map((event) => event.type),
        events.map(() => 1),
        events.map((event) => JSON.stringify(event.data)),
        events.map((event) => JSON.stringify(event.metadata)),
      ]);
    },
    close: () => pool.end(),
  };
}

/**
 * Our append with the hash chain's work taken out (every hash empty), in a database of its own:
 * what the chain of decision 0346 costs, measured in the same run as the real append (issue 56's
 * bar: appends within the run-to-run spread of the speed before the chain).
 */
async function oursUnchained(url: string): Promise<Appender> {
  const pool = createPool(url, 1);
  await pool.query(`CREATE OR REPLACE FUNCTION shop_chain_hashes(
      p_prev bytea, p_stream text, p_first bigint, p_ids uuid[], p_types text[], p_versions int[], p_data jsonb[], p_metadata jsonb[], p_recorded timestamptz)
    RETURNS bytea[] LANGUAGE sql STABLE AS $$ SELECT array_fill('\\x'::bytea, ARRAY[cardinality(p_ids)]) $$`);
  await pool.end();
  const appender = await ours(url);
  return { ...appender, name: 'unchained' };
}

/**
 * Emmett's driver (dumbo) replaces pg's global parsers for int8, json and jsonb the first time it
 * makes a pool, and never again. Emmett runs with its parsers, every other case (and every later
 * bench section) with ours.
 */
const PARSED_TYPES = [pg.types.builtins.INT8, pg.types.builtins.JSON, pg.types.builtins.JSONB];
type Parsers = Array<(value: string) => unknown>;
const currentParsers = (): Parsers => PARSED_TYPES.map((oid) => pg.types.getTypeParser(oid, 'text'));
const useParsers = (parsers: Parsers): void => PARSED_TYPES.forEach((oid, i) => pg.types.setTypeParser(oid, parsers[i]!));
let emmettParsers: Parsers | undefined;

async function emmett(url: string): Promise<Appender> {
  const ourParsers = currentParsers();
  if (emmettParsers) useParsers(emmettParsers);
  const store = getPostgreSQLEventStore(url, { schema: { autoMigration: 'CreateOrUpdate' } });
  emmettParsers ??= currentParsers();
  return {
    name: 'emmett',
    append: async (stream, _revision, count) => {
      await store.appendToStream(
        stream,
        newEvents(count).map((event) => ({ type: event.type, data: event.data, metadata: event.metadata as unknown as Record<string, unknown> })),
      );
    },
    close: async () => {
      await store.close();
      useParsers(ourParsers);
    },
  };
}

async function raw(url: string): Promise<Appender> {
  const pool: Pool = createPool(url, 40);
  await pool.query(`CREATE TABLE IF NOT EXISTS raw_events (id uuid PRIMARY KEY, stream_id text NOT NULL, revision bigint NOT NULL,
    type text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL)`);
  return {
    name: 'raw INSERT',
    append: async (stream, revision, count) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        for (const [i, event] of newEvents(count).entries()) {
          await client.query('INSERT INTO raw_events (id, stream_id, revision, type, data, metadata) VALUES ($1,$2,$3,$4,$5,$6)', [
            event.id,
            stream,
            revision + 1 + i,
            event.type,
            event.data,
            event.metadata,
          ]);
        }
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** events/s and p99 latency of appends: ours vs Emmett's PostgreSQL store vs raw INSERT;COMMIT. */
export async function appendBench(context: BenchContext): Promise<Row[]> {
  const rows: Row[] = [];
  const seconds = context.quick ? 1.5 : 6;
  for (const batch of [1, 10]) {
    for (const writers of [1, 8, 32]) {
      const figures: Record<string, { rate: number; p99: number }> = {};
      for (const make of [ours, oursUnchained, oursNotifyingInside, emmett, raw]) {
        const appender = await make(await context.freshDatabase());
        const revisions = new Array<number>(writers).fill(-1);
        const streams = Array.from({ length: writers }, () => `bench-${randomUUID()}`);
        const result = await runLoad(writers, seconds, async (worker) => {
          await appender.append(streams[worker]!, revisions[worker]!, batch);
          revisions[worker]! += batch;
        });
        await appender.close();
        figures[appender.name] = { rate: (result.operations * batch) / result.seconds, p99: percentile(result.latenciesMs, 99) };
      }
      const o = figures.ours!;
      const e = figures.emmett!;
      const r = figures['raw INSERT']!;
      const n = figures['notify inside']!;
      const u = figures.unchained!;
      rows.push({
        section: 'append',
        case: `${writers} writer${writers > 1 ? 's' : ''} × ${batch}-event appends`,
        figures: `ours ${fmt(o.rate)} ev/s p99 ${fmt(o.p99, 1)} ms · ours without the chain ${fmt(u.rate)} ev/s p99 ${fmt(u.p99, 1)} ms · ours with NOTIFY inside (before) ${fmt(n.rate)} ev/s p99 ${fmt(n.p99, 1)} ms · Emmett ${fmt(e.rate)} ev/s p99 ${fmt(e.p99, 1)} ms · raw ${fmt(r.rate)} ev/s p99 ${fmt(r.p99, 1)} ms`,
        ratio: `ours/Emmett ${fmt(o.rate / e.rate, 2)} · ours/raw ${fmt(o.rate / r.rate, 2)} · ours/unchained ${fmt(o.rate / u.rate, 2)} · ours/before ${fmt(o.rate / n.rate, 2)}`,
      });
    }
  }
  return rows;
}
