import { mkdtemp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { createLogger, embeddedConfigSchema, loadConfig, SpanKind, traceIdOf, type EmbeddedConfig } from '@shop/infra';
import { listen } from '@shop/http-shell';
import { registerTracing, type Tracing } from '@shop/infra/tracing-sdk';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { routeTableOf, scaledEntryApp, startShop, type RunningShop } from '@shop/server';
import type { ApiClient } from '../../support/http-client.js';
import { sharedTestKafka, type TestKafka } from '../../support/kafka.js';
import { LiveClient } from '../../support/live-client.js';
import { staffClient, staffEnv } from '../commands/helpers.js';

/**
 * One staff write followed through the scaled topology (docs/decisions/0400, 0401): the front
 * (entry port), a command-api, a query-api and a projectors process over one PostgreSQL and a real
 * Kafka broker. They run in this test's process so one in-memory exporter sees every span; what
 * ties the spans together is only the context each hop carries (the proxied request's `traceparent`
 * header, the event's metadata, the Kafka header, the live_changes row), never the shared process:
 * the relay and the consumer run from kafkajs's own loops, outside any request.
 * Each test starts its own processes: before the SDK is registered tracing is off and the same
 * write leaves no trace context anywhere; the traced processes are built after the instrumentations
 * are registered, as the entries (server/src/start-*.ts) do it.
 */
let kafka: TestKafka | null;
let db: TestDatabase;
let config: EmbeddedConfig;
let shops: RunningShop[] = [];
let front: { url: string; close: () => Promise<void> } | null = null;
let tracing: Tracing | null = null;
const exporter = new InMemorySpanExporter();

beforeAll(async () => {
  kafka = await sharedTestKafka();
  if (!kafka) return;
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  config = loadConfig(embeddedConfigSchema, {
    PORT: '0',
    LOG_LEVEL: 'warn',
    DATABASE_URL: db.url,
    KAFKA_BROKERS: kafka.brokers,
    KAFKA_TOPIC: `tracing-${randomUUID().slice(0, 8)}`,
    KAFKA_PARTITIONS: '2',
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'shop-tracing-')),
    ...staffEnv,
  });
}, 300_000);

/** The command-api (which migrates and seeds the staff account first), projectors, query-api and the front. */
async function startTopology(): Promise<void> {
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  shops = [await startShop(config, logger, ['command'])];
  shops.push(await startShop(config, logger, ['projectors']), await startShop(config, logger, ['query']));
  const table = routeTableOf((await (await fetch(`${shops[0]!.url}/api/openapi.json`)).json()) as Parameters<typeof routeTableOf>[0]);
  const server = await listen(scaledEntryApp(table, { command: [shops[0]!.url!], query: [shops[2]!.url!] }), 0);
  front = { url: `http://127.0.0.1:${server.port}`, close: server.close };
}

async function stopTopology(): Promise<void> {
  await front?.close();
  front = null;
  for (const shop of shops.reverse()) await shop.stop().catch(() => undefined);
  shops = [];
}

/**
 * The SDK and instrumentations as an entry registers them. The entries do it before importing the
 * shop; here express, pg and node:http are already imported by this file, so they are asked for
 * once more through `require`, which is what the instrumentations' CommonJS hook patches.
 */
function startTracingInThisProcess(): Tracing {
  const started = registerTracing('scaled-topology-test', [new SimpleSpanProcessor(exporter)]);
  const require = createRequire(import.meta.url);
  for (const name of ['node:http', 'express', 'pg']) require(name);
  return started;
}

afterAll(async () => {
  await stopTopology();
  await tracing?.stop();
  await db?.drop();
  await kafka?.stop();
});

const [command, query] = [0, 2].map((i) => () => shops[i]!) as [() => RunningShop, () => RunningShop];

/** Renames a project as staff on the command-api and waits until the query-api's live push tells of the new revision. */
async function renameAndSeeItLive(staff: ApiClient, projectId: string, name: string): Promise<number> {
  const live = await LiveClient.open(`${query().url}/api/live/`, staff.cookieHeader());
  if (!(live instanceof LiveClient)) throw new Error(`live stream refused: ${JSON.stringify(live)}`);
  try {
    await live.waitFor((message) => message.event === 'ready', 60_000);
    const renamed = await staff.put(`/api/projects/${projectId}/`, { name, fabrics: [] });
    expect(renamed.status, renamed.text).toBe(200);
    const revision = renamed.body.revision as number;
    await live.waitFor((message) => message.event === 'change' && message.data.stream === `project-${projectId}` && message.data.revision >= revision, 90_000);
    return revision;
  } finally {
    live.close();
  }
}

async function storedMetadata(streamId: string, revision: number): Promise<Record<string, unknown>> {
  const { rows } = await db.pool.query<{ metadata: Record<string, unknown> }>('SELECT metadata FROM events WHERE stream_id = $1 AND stream_revision = $2', [streamId, revision]);
  return rows[0]!.metadata;
}

async function auditTraceIds(staff: ApiClient, projectId: string): Promise<Array<string | null>> {
  const audit = await staff.pointedAt(query().url!).get(`/api/internal/projects/${projectId}/events/`);
  expect(audit.status, audit.text).toBe(200);
  return (audit.body.events as Array<{ trace_id: string | null }>).map((entry) => entry.trace_id);
}

async function spansUntil(found: (spans: ReadableSpan[]) => boolean): Promise<ReadableSpan[]> {
  for (let tries = 0; tries < 600; tries++) {
    const spans = exporter.getFinishedSpans();
    if (found(spans)) return spans;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return exporter.getFinishedSpans();
}

const isChildOf = (child: ReadableSpan, parent: ReadableSpan) =>
  child.spanContext().traceId === parent.spanContext().traceId && child.parentSpanContext?.spanId === parent.spanContext().spanId;
const links = (span: ReadableSpan, to: ReadableSpan) => span.links.some((link) => link.context.spanId === to.spanContext().spanId && link.context.traceId === to.spanContext().traceId);

describe('tracing across the scaled topology', () => {
  it('off: a staff write leaves no trace context in the event, the live change or the audit, and nothing is exported', async (context) => {
    if (!kafka) return context.skip();
    await startTopology();
    const staff = await staffClient({ url: command().url! });
    const created = await staff.post('/api/projects/', { name: 'Untraced', fabrics: [] });
    expect(created.status, created.text).toBe(201);
    const projectId = created.body.id as string;
    const revision = await renameAndSeeItLive(staff, projectId, 'Untraced, renamed');

    const metadata = await storedMetadata(`project-${projectId}`, revision);
    expect(Object.keys(metadata).sort()).toEqual(['actor', 'causationId', 'correlationId', 'occurredAt']);
    const { rows } = await db.pool.query<{ traceparent: string | null }>('SELECT traceparent FROM live_changes WHERE stream_id = $1', [`project-${projectId}`]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.traceparent === null)).toBe(true);
    const untraced = await auditTraceIds(staff, projectId);
    expect(untraced.length).toBeGreaterThan(1);
    expect(untraced.every((traceId) => traceId === null)).toBe(true);
    expect(exporter.getFinishedSpans()).toEqual([]);
    await stopTopology();
  }, 240_000);

  it('on: one staff write is one trace from the front through the command-api, the append, Kafka and the projection batch to the live push', async (context) => {
    if (!kafka) return context.skip();
    tracing = startTracingInThisProcess();
    await startTopology();
    const staff = await staffClient({ url: front!.url });
    const created = await staff.post('/api/projects/', { name: 'Traced', fabrics: [] });
    expect(created.status, created.text).toBe(201);
    const projectId = created.body.id as string;
    const streamId = `project-${projectId}`;

    const revision = await renameAndSeeItLive(staff, projectId, 'Traced, renamed');
    const spans = await spansUntil((all) => all.some((span) => span.name.startsWith('live push') && span.attributes['shop.stream_ids']?.toString().includes(streamId)));
    const named = (prefix: string, match: (span: ReadableSpan) => boolean = () => true) => {
      const found = spans.filter((span) => span.name.startsWith(prefix) && match(span));
      expect(found.map((span) => span.name), `${prefix} spans among ${spans.map((span) => span.name).join(', ')}`).toHaveLength(1);
      return found[0]!;
    };

    const append = named(`append ${streamId}`, (span) => span.attributes['shop.revision'] === revision);
    // Named for what was decided: the rename is saved as a draft.
    const commandSpan = named('command DraftSaved', (span) => span.attributes['shop.stream_id'] === streamId);
    const request = spans.find((span) => isChildOf(commandSpan, span))!;
    expect(request?.name).toBe('PUT /api/projects/:id/');
    expect(request.kind).toBe(SpanKind.SERVER);
    expect(isChildOf(append, commandSpan)).toBe(true);
    // The front's proxy sent the request with its CLIENT span's context in the `traceparent` header.
    const proxied = spans.find((span) => isChildOf(request, span))!;
    expect(proxied?.kind).toBe(SpanKind.CLIENT);
    const atFront = spans.find((span) => isChildOf(proxied, span))!;
    // The front has no routes of its own: its span is named by the proxy's mount point.
    expect(atFront?.name).toBe('PUT /api');
    expect(atFront.kind).toBe(SpanKind.SERVER);
    expect(atFront.parentSpanContext).toBeUndefined();
    // The append's statements are pg's spans under it: statement text with placeholders, no values.
    const appendQueries = spans.filter((span) => isChildOf(span, append) && span.attributes['db.system.name'] === 'postgresql');
    expect(appendQueries.length).toBeGreaterThan(0);

    // The append's context is in the event as stored, and the staff audit shows its trace.
    const traceId = atFront.spanContext().traceId;
    const metadata = await storedMetadata(streamId, revision);
    expect(metadata.traceparent).toBe(`00-${traceId}-${append.spanContext().spanId}-01`);
    expect(traceIdOf(metadata.traceparent as string)).toBe(traceId);
    expect((await auditTraceIds(staff, projectId)).at(-1)).toBe(traceId);

    const send = named(`kafka send ${streamId}`, (span) => span.attributes['shop.revision'] === revision);
    expect(isChildOf(send, append)).toBe(true);
    const receive = named(`kafka receive ${streamId}`, (span) => span.attributes['shop.revision'] === revision);
    expect(isChildOf(receive, send)).toBe(true);
    const batch = named('project batch', (span) => links(span, receive));
    expect(batch.name).toMatch(/^project batch \d+ events$/);
    expect(isChildOf(batch, receive)).toBe(true);
    const push = named('live push', (span) => isChildOf(span, batch));
    expect(push.name).toMatch(/^live push \d+ pages$/);
    expect(push.attributes['shop.revisions']).toContain(revision);
    expect(spans.some((span) => isChildOf(span, batch) && span.attributes['db.system.name'] === 'postgresql')).toBe(true);

    // One trace: every step of the write's way shares the request's trace id.
    expect(new Set([atFront, proxied, request, commandSpan, append, ...appendQueries, send, receive, batch, push].map((span) => span.spanContext().traceId))).toEqual(new Set([traceId]));
    // No step names a person: the staff e-mail, the name typed and the path as asked appear in no
    // span's name or attributes (the statements' values and the URL are not recorded).
    const recorded = JSON.stringify(spans.map((span) => [span.name, span.attributes]));
    expect(recorded).not.toContain(staffEnv.STAFF_EMAIL);
    expect(recorded).not.toContain('Traced, renamed');
    expect(recorded).not.toContain('url.path');
    expect(recorded).not.toContain('client.address');
  }, 240_000);
});
