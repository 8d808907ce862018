import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { ApiClient } from '../../support/http-client.js';
import { LiveClient } from '../../support/live-client.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../../support/otlp-receiver.js';
import { startRole, type RoleProcess } from '../../support/processes.js';
import { startSmtpServer, type TestSmtpServer } from '../../support/smtp.js';
import { staffClient, staffEnv } from '../commands/helpers.js';

/**
 * Decision 0401: `npm start`'s process (server/src/embedded.ts) with tracing switched on by the
 * OTEL_* variables, exporting over OTLP to a real receiver in this test. The instrumentations are
 * registered by the entry before the shop's modules load, so one staff write is one trace of the
 * process's spans: node:http's server span named by express's route, the command, the append with
 * pg's spans for its statements, the projection batch and the live push. A customer's sign-up
 * reaches the mail sender's work in the same trace.
 */
let db: TestDatabase;
let smtp: TestSmtpServer;
let receiver: OtlpReceiver;
let shop: RoleProcess | null = null;

beforeAll(async () => {
  [db, smtp, receiver] = await Promise.all([createTestDatabase(inject('adminDatabaseUrl')), startSmtpServer(), startOtlpReceiver()]);
  shop = await startRole('shop', {
    DATABASE_URL: db.url,
    SMTP_URL: smtp.url,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'shop-embedded-tracing-')),
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    // Export a batch of spans every 200 ms rather than every 5 s.
    OTEL_BSP_SCHEDULE_DELAY: '200',
    ...staffEnv,
  });
}, 120_000);

afterAll(async () => {
  await shop?.stop();
  await receiver?.stop();
  await smtp?.stop();
  await db?.drop();
});

async function spansUntil(found: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  for (let tries = 0; tries < 600 && !found(receiver.spans); tries++) await new Promise((resolve) => setTimeout(resolve, 100));
  return receiver.spans;
}

const childOf = (child: ReceivedSpan | undefined, parent: ReceivedSpan | undefined) =>
  Boolean(child && parent && child.traceId === parent.traceId && child.parentSpanId === parent.spanId);

describe('the embedded shop with tracing on', () => {
  it('exports one trace per staff write: server span, command, append with its statements, batch and live push', async () => {
    const staff = await staffClient({ url: shop!.url });
    const created = await staff.post('/api/projects/', { name: 'Traced at home', fabrics: [] });
    expect(created.status, created.text).toBe(201);
    const streamId = `project-${created.body.id as string}`;
    const live = await LiveClient.open(`${shop!.url}/api/live/`, staff.cookieHeader());
    if (!(live instanceof LiveClient)) throw new Error(`live stream refused: ${JSON.stringify(live)}`);
    let revision: number;
    try {
      await live.waitFor((message) => message.event === 'ready', 30_000);
      const renamed = await staff.put(`/api/projects/${created.body.id as string}/`, { name: 'Renamed at home', fabrics: [] });
      expect(renamed.status, renamed.text).toBe(200);
      revision = renamed.body.revision as number;
      await live.waitFor((message) => message.event === 'change' && message.data.stream === streamId && message.data.revision >= revision, 30_000);
    } finally {
      live.close();
    }

    const append = () => receiver.spans.find((span) => span.name === `append ${streamId}` && span.attributes['shop.revision'] === revision);
    const spans = await spansUntil((all) => all.some((span) => span.name.startsWith('live push') && all.some((batch) => childOf(span, batch) && childOf(batch, append()))));
    const appendSpan = append()!;
    const commandSpan = spans.find((span) => childOf(appendSpan, span))!;
    expect(commandSpan?.name).toBe('command DraftSaved');
    const request = spans.find((span) => childOf(commandSpan, span))!;
    expect(request).toMatchObject({ name: 'PUT /api/projects/:id/', kind: 2, service: 'shop', parentSpanId: undefined });
    expect(request.attributes).toMatchObject({ 'http.route': '/api/projects/:id/', 'http.response.status_code': 200 });
    const statements = spans.filter((span) => childOf(span, appendSpan) && span.attributes['db.system.name'] === 'postgresql');
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) expect(Object.keys(statement.attributes)).not.toContain('db.query.parameter.0');
    const batch = spans.find((span) => span.name.startsWith('project batch') && childOf(span, appendSpan))!;
    expect(batch?.name).toMatch(/^project batch \d+ events$/);
    expect(batch.links).toContainEqual({ traceId: appendSpan.traceId, spanId: appendSpan.spanId });
    const push = spans.find((span) => span.name.startsWith('live push') && childOf(span, batch))!;
    expect(push?.name).toMatch(/^live push \d+ pages$/);

    const trace = spans.filter((span) => span.traceId === request.traceId);
    expect(new Set(trace.map((span) => span.service))).toEqual(new Set(['shop']));
    expect(trace).toEqual(expect.arrayContaining([request, commandSpan, appendSpan, ...statements, batch, push]));
    // What was typed, who typed it and the path as asked are in no span.
    const recorded = JSON.stringify(spans);
    for (const personal of [staffEnv.STAFF_EMAIL, 'Renamed at home', 'url.path', 'client.address']) expect(recorded).not.toContain(personal);
  }, 90_000);

  it("puts the mail sender's work for a sign-up in the sign-up's trace", async () => {
    const email = 'traced.signup@shop.test';
    const client = new ApiClient(shop!.url);
    await client.get('/api/openapi.json');
    const signUp = await client.post('/api/users/', { email, name: 'Tracy Signup', password: 'Traced-Pass1' });
    expect(signUp.status, signUp.text).toBe(201);
    await smtp.waitFor((mail) => mail.to.includes(email), 30_000);

    const spans = await spansUntil((all) => all.some((span) => span.name === 'mail send activation'));
    const send = spans.find((span) => span.name === 'mail send activation')!;
    const request = spans.find((span) => span.name === 'POST /api/users/' && span.traceId === send.traceId);
    expect(request, 'the sign-up request in the mail send span trace').toBeDefined();
    const append = spans.find((span) => span.spanId === send.parentSpanId)!;
    expect(append?.name).toMatch(/^append account-/);
    expect(spans.some((span) => childOf(span, send) && span.attributes['db.system.name'] === 'postgresql')).toBe(true);
    const recorded = JSON.stringify(spans);
    for (const personal of [email, 'Tracy Signup']) expect(recorded).not.toContain(personal);
  }, 60_000);
});
