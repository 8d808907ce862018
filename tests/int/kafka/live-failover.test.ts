import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listen, type RunningServer } from '@shop/http-shell';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { scaledEntryApp } from '@shop/server';
import { routeTableOf } from '../../../server/src/scaled-routing.js';
import { sharedTestKafka, type TestKafka } from '../../support/kafka.js';
import { LiveClient } from '../../support/live-client.js';
import { startRole, type RoleProcess } from '../../support/processes.js';
import type { TestShop } from '../../support/shop.js';
import { activeCustomer, completeFabric, staffEnv } from '../commands/helpers.js';

/**
 * Issue 30: the scaled topology (projectors fed from Kafka, two query-api processes behind the
 * entry port) with a live stream open. The query-api process holding it is SIGKILLed; the client
 * reconnects through the entry port, reaches the other one, and is sent every change made while
 * it was away, then the following ones as they happen.
 */
let kafka: TestKafka | null;
let db: TestDatabase;
let entry: RunningServer | null = null;
const processes: RoleProcess[] = [];

beforeAll(async () => {
  kafka = await sharedTestKafka();
  if (!kafka) return;
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  const env = {
    DATABASE_URL: db.url,
    KAFKA_BROKERS: kafka.brokers,
    KAFKA_TOPIC: `live-${randomUUID().slice(0, 8)}`,
    KAFKA_PARTITIONS: '2',
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'shop-live-failover-')),
    ...staffEnv,
  };
  // The first process migrates and seeds; the rest start after it.
  processes.push(await startRole('command', env));
  processes.push(...(await Promise.all([startRole('query', env), startRole('query', env), startRole('projectors', env)])));
  const [command, queryA, queryB] = processes;
  const document = (await (await fetch(`${command!.url}/api/openapi.json`)).json()) as Parameters<typeof routeTableOf>[0];
  entry = await listen(scaledEntryApp(routeTableOf(document), { command: [command!.url!], query: [queryA!.url!, queryB!.url!] }), 0);
}, 240_000);

afterAll(async () => {
  await entry?.close();
  await Promise.all(processes.map((p) => p.stop().catch(() => undefined)));
  await db?.drop();
  await kafka?.stop();
});

/** Like a browser's EventSource: open again with the last id until a process takes it. */
async function reconnect(url: string, cookie: string, lastEventId: string): Promise<LiveClient> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const stream = await LiveClient.open(url, cookie, lastEventId).catch(() => null);
    if (stream instanceof LiveClient) return stream;
    if (Date.now() > deadline) throw new Error(`no query-api process took the stream again: ${JSON.stringify(stream)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function openStreams(process: RoleProcess): Promise<number> {
  const metrics = await (await fetch(`${process.url}/metrics`)).text();
  return Number(/^live_streams_open (\d+)$/m.exec(metrics)?.[1] ?? 0);
}

describe('live stream across a query-api crash in the scaled topology', () => {
  it('reconnects through the entry port to the other process and misses nothing', { timeout: 300_000 }, async (context) => {
    if (!kafka) return context.skip();
    const url = `http://127.0.0.1:${entry!.port}`;
    const customer = await activeCustomer({ url } as TestShop, 'Fay Failover');
    const cookie = customer.client.cookieHeader();
    const live = `${url}/api/live/`;
    const first = await LiveClient.open(live, cookie);
    if (!(first instanceof LiveClient)) throw new Error(`GET /api/live/ answered ${first.status}`);
    await first.waitFor((message) => message.event === 'ready', 30_000);

    const created = await customer.client.post('/api/projects/', { name: 'Ottoman', fabrics: [completeFabric()] });
    expect(created.status, created.text).toBe(201);
    const id: string = created.body.id;
    await first.waitFor((message) => message.event === 'change' && message.data.project_id === id, 60_000);

    const [, queryA, queryB] = processes;
    const holder = (await openStreams(queryA!)) === 1 ? queryA! : queryB!;
    const other = holder === queryA ? queryB! : queryA!;
    expect(await openStreams(holder)).toBe(1);
    await holder.crash();
    await first.waitForEnd();
    const resumeAt = first.lastEventId!;

    // While the client is away: the project is renamed twice and another one made.
    let revision = created.body.revision as number;
    for (const name of ['Ottoman, round', 'Ottoman, square']) {
      const renamed = await customer.client.put(`/api/projects/${id}/`, { name });
      expect(renamed.status, renamed.text).toBe(200);
      revision = renamed.body.revision;
    }
    const second = await customer.client.post('/api/projects/', { name: 'Cushions', fabrics: [completeFabric()] });
    expect(second.status, second.text).toBe(201);
    const seen = (projectId: string, atLeast: number) => (message: { event: string; data: any }) =>
      message.event === 'change' && message.data.project_id === projectId && message.data.revision >= atLeast;
    // Projected (through Kafka) before the client comes back, so the resume must replay them.
    // (Round robin still sends every other read to the dead process: those are asked again.)
    for (const [projectId, atLeast] of [[id, revision], [second.body.id, second.body.revision]] as const) {
      let status: string | null = null;
      for (let attempt = 0; attempt < 20 && status !== 'reached'; attempt++) {
        const read = await customer.client.get(`/api/projects/${projectId}/`, { 'x-min-revision': `project-${projectId}@${atLeast}` });
        status = read.headers.get('x-min-revision-status');
      }
      expect(status).toBe('reached');
    }

    const resumed = await reconnect(live, cookie, resumeAt);
    await resumed.waitFor((message) => message.event === 'ready', 30_000);
    expect(await openStreams(other)).toBe(1);
    const beforeReady = resumed.messages.slice(0, resumed.messages.findIndex((message) => message.event === 'ready'));
    expect(beforeReady.some(seen(id, revision)), JSON.stringify(resumed.messages)).toBe(true);
    expect(beforeReady.some(seen(second.body.id, second.body.revision)), JSON.stringify(resumed.messages)).toBe(true);

    // And it is live again: the next change comes as it happens.
    const after = await customer.client.put(`/api/projects/${id}/`, { name: 'Ottoman, oval' });
    await resumed.waitFor(seen(id, after.body.revision), 60_000);
    resumed.close();
  });
});
