import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { projectDecider } from '@shop/domain';
import { createLogger, createPool, handleCommand, PostgresEventStore, systemClock, uuidIds } from '@shop/infra';
import { allProjections, ProjectionRunner } from '@shop/projectors';
import { LiveHub } from '@shop/query-api';
import { LiveClient } from '../support/live-client.js';
import type { BenchContext, Row } from './bench-context.js';
import { runLoad } from './lag-bench.js';
import { fmt, percentile } from './measure.js';

const RATES = [200, 1000];
const STREAMS = 1000;
const STAFF_STREAMS = 2;

/**
 * Append to browser event (issue 30): 1,000 customers each follow GET /api/live/ (plus two staff
 * streams that hear everything) while writers save drafts at a steady 200 and 1,000 commands/s;
 * the figure is from a command's append returning to the first `change` message on its owner's
 * stream saying that revision (or a later one) is projected. Embedded path only: the projection
 * runner reads the store, the LiveHub of the query API fans out over HTTP. The streams' readers
 * run in this process (the writers in a worker thread), so they share its event loop with the hub;
 * memory per stream is this process's growth for the 1,000 open streams, both ends counted.
 */
export async function liveBench(context: BenchContext): Promise<Row[]> {
  const seconds = context.quick ? 8 : 30;
  const rows: Row[] = [];
  for (const rate of RATES) rows.push(...(await measure(context, seconds, rate)));
  rows.push({ section: 'live', case: 'through Kafka', figures: 'not measured yet (tests/int/kafka/live-failover.test.ts runs the path, untimed)', ratio: '–' });
  return rows;
}

async function measure(context: BenchContext, seconds: number, rate: number): Promise<Row[]> {
  const databaseUrl = await context.freshDatabase();
  const pool = createPool(databaseUrl, 20);
  const eventStore = new PostgresEventStore(pool, { pollIntervalMs: 50 });
  const logger = createLogger('silent');
  const runner = new ProjectionRunner({ pool, eventStore, logger, batchSize: 200 }, allProjections);
  await runner.start();
  // Sessions are not what is measured: the bench names them in headers (no session check runs within the heartbeat).
  const hub = new LiveHub(pool, logger, { maxStreams: STREAMS + STAFF_STREAMS, heartbeatMs: 600_000 });
  await hub.start();
  // Plain node:http: the hub uses only what Express adds nothing to (headers, write, close).
  const server = createServer((req, res) => {
    Object.assign(req, { session: { id: req.headers['x-bench-session'] } });
    const user = String(req.headers['x-bench-user']);
    void hub.open(req as unknown as Parameters<LiveHub['open']>[0], res as unknown as Parameters<LiveHub['open']>[1], { userId: user, email: '', isStaff: user === 'staff', isGuest: false }, undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const owners = Array.from({ length: STREAMS }, (_, n) => `owner-${n}`);
  const projects = Array.from({ length: rate }, (_, n) => ({ id: randomUUID(), owner: owners[n % STREAMS]! }));
  for (const project of projects) {
    const actor = { userId: project.owner, isStaff: false };
    const create = () => ({ type: 'CreateProject' as const, projectId: project.id, ownerId: project.owner, draft: { name: 'Live', fabrics: [] }, at: new Date().toISOString(), actor });
    await handleCommand({ eventStore, clock: systemClock, ids: uuidIds }, projectDecider, `project-${project.id}`, create, { actor: project.owner, correlationId: randomUUID() });
  }

  global.gc?.();
  const before = process.memoryUsage();
  const received = new Map<string, Array<[number, number]>>();
  const clients: LiveClient[] = [];
  for (const user of [...owners, ...Array.from({ length: STAFF_STREAMS }, () => 'staff')]) {
    const client = await LiveClient.open(`http://127.0.0.1:${port}/live`, '', undefined, { 'x-bench-user': user, 'x-bench-session': randomUUID() });
    if (!(client instanceof LiveClient)) throw new Error(`live stream refused: ${JSON.stringify(client)}`);
    if (user !== 'staff') {
      client.onMessage = (message) => {
        if (message.event !== 'change') return;
        const at = performance.timeOrigin + performance.now();
        const list = received.get(message.data.stream) ?? [];
        list.push([message.data.revision, at]);
        received.set(message.data.stream, list);
      };
    }
    clients.push(client);
  }
  await Promise.all(clients.map((client) => client.waitFor((message) => message.event === 'ready', 60_000)));
  global.gc?.();
  const open = process.memoryUsage();
  for (const client of clients) client.messages.length = 0; // only the times are kept

  const load = await runLoad({ databaseUrl, rate, seconds, projects: projects.map((project) => project.id), asStaff: true });
  const { rows: events } = await pool.query<{ event_id: string; stream_id: string; stream_revision: string }>(
    'SELECT event_id, stream_id, stream_revision FROM events WHERE event_id = ANY($1)',
    [load.appended.map(([id]) => id)],
  );
  const where = new Map(events.map((row) => [row.event_id, { stream: row.stream_id, revision: Number(row.stream_revision) }]));
  // The writers report every id they drew; the events' ids are those the store holds.
  const appended = load.appended.filter(([id]) => where.has(id));
  const conflicts = load.conflicts;
  const pushedAt = (stream: string, revision: number) => received.get(stream)?.find(([seen]) => seen >= revision)?.[1];
  const deadline = performance.now() + 60_000;
  while (appended.some(([id]) => pushedAt(where.get(id)!.stream, where.get(id)!.revision) === undefined) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const latencies = appended
    .map(([id, at]) => {
      const event = where.get(id)!;
      const pushed = pushedAt(event.stream, event.revision);
      return pushed === undefined ? null : pushed - at;
    })
    .filter((latency): latency is number => latency !== null)
    .sort((a, b) => a - b);

  for (const client of clients) client.close();
  await hub.stop();
  await new Promise((resolve) => server.close(resolve));
  await runner.stop();
  await pool.end();
  const perStream = (key: 'heapUsed' | 'rss') => fmt((open[key] - before[key]) / (STREAMS + STAFF_STREAMS) / 1024, 1);
  return [
    {
      section: 'live',
      case: `embedded, ${fmt(rate)} commands/s for ${seconds} s, ${fmt(STREAMS)} customer + ${STAFF_STREAMS} staff streams`,
      figures: `append to browser event p50 ${fmt(percentile(latencies, 50), 1)} ms · p99 ${fmt(percentile(latencies, 99), 1)} ms (${fmt(latencies.length)} of ${fmt(appended.length)} events pushed, ${conflicts} conflicts)`,
      ratio: '–',
    },
    ...(rate === RATES[0]
      ? [{ section: 'live', case: `memory per open stream (${fmt(STREAMS + STAFF_STREAMS)} streams, server and reader in one process)`, figures: `heap ${perStream('heapUsed')} KiB · RSS ${perStream('rss')} KiB`, ratio: '–' }]
      : []),
  ];
}
