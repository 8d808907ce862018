import { fork } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { projectDecider } from '@shop/domain';
import { createLogger, createPool, handleCommand, systemClock, uuidIds, type Pool } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { loadOrCreateSecret } from '@shop/http-shell';
import { allProjections, ProjectionRunner } from '@shop/projectors';
import { LiveHub } from '@shop/query-api';
import { startTestKafka } from '../support/kafka.js';
import { startRole, type RoleProcess } from '../support/processes.js';
import type { BenchContext, Row } from './bench-context.js';
import { runLoad } from './lag-bench.js';
import type { LoadResult } from './lag-load-worker.js';
import { liveBrowserBench } from './live-browser-bench.js';
import type { ReadersInput, ReadersMessage } from './live-readers.js';
import { fmt, percentile } from './measure.js';

const RATES = [200, 1000];
const STREAMS = 1000;
const STAFF_STREAMS = 2;

/**
 * Append to browser event (issue 30): 1,000 customers each follow GET /api/live/ (plus two staff
 * streams that hear everything) while writers save drafts at a steady 200 and 1,000 commands/s;
 * the figure is from a command's append returning to the first `change` message on its owner's
 * stream saying that revision (or a later one) is projected. Embedded: the projection runner reads
 * the store and a LiveHub in this process fans out over HTTP. Through Kafka: a projectors process
 * (relay and Kafka-fed projections) and a query-api process, as the scaled topology runs them.
 * The writers run in a worker thread and the stream readers in a child process of their own
 * (live-readers.ts), so the server's event loop and memory are its own. Then a browser case.
 */
export async function liveBench(context: BenchContext): Promise<Row[]> {
  const seconds = context.quick ? 8 : 20;
  const rows: Row[] = [];
  for (const rate of RATES) rows.push(...(await measureEmbedded(context, seconds, rate)));
  const kafka = await startTestKafka();
  if (kafka) {
    try {
      for (const rate of RATES) rows.push(...(await measureKafka(context, seconds, rate, kafka.brokers)));
    } finally {
      await kafka.stop();
    }
  } else {
    rows.push({ section: 'live', case: 'through Kafka', figures: 'not measured: no broker (no KAFKA_BROKERS, no java+mvn)', ratio: '–' });
  }
  rows.push(await liveBrowserBench(context));
  return rows;
}

async function measureEmbedded(context: BenchContext, seconds: number, rate: number): Promise<Row[]> {
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
  const projects = await createProjects(pool, owners, rate);
  const streams = [...owners, ...Array.from({ length: STAFF_STREAMS }, () => 'staff')].map((user) => ({ 'x-bench-user': user, 'x-bench-session': randomUUID() }));

  const gc = exposedGc();
  gc();
  const before = process.memoryUsage();
  const readers = await startReaders({ url: `http://127.0.0.1:${port}/live`, streams, silent: staffIndexes() });
  gc();
  const open = process.memoryUsage();
  const notifies = await watchNotifies(pool);
  const load = await runLoad({ databaseUrl, rate, seconds, projects, asStaff: true });
  const pushed = await pushLatencies(pool, load, readers, notifies);

  await readers.close();
  await hub.stop();
  await new Promise((resolve) => server.close(resolve));
  await runner.stop();
  await pool.end();
  const perStream = (key: 'heapUsed' | 'rss') => fmt((open[key] - before[key]) / (STREAMS + STAFF_STREAMS) / 1024, 1);
  return [
    latencyRow(`embedded, ${fmt(rate)} commands/s for ${seconds} s, ${fmt(STREAMS)} customer + ${STAFF_STREAMS} staff streams`, pushed),
    ...(rate === RATES[0]
      ? [{ section: 'live', case: `memory per open stream, embedded (${fmt(STREAMS + STAFF_STREAMS)} streams; readers in another process)`, figures: `heap ${perStream('heapUsed')} KiB · RSS ${perStream('rss')} KiB of the server process`, ratio: '–' }]
      : []),
  ];
}

/**
 * The scaled topology's read side: the writers append to the store as the command API does, the
 * projectors process relays the events to Kafka and projects them from the topic (its commit
 * NOTIFYs), and the query-api process pushes to 1,000 logged-in streams.
 */
async function measureKafka(context: BenchContext, seconds: number, rate: number, brokers: string): Promise<Row[]> {
  const databaseUrl = await context.freshDatabase();
  const pool = createPool(databaseUrl, 20);
  const env = {
    DATABASE_URL: databaseUrl,
    KAFKA_BROKERS: brokers,
    KAFKA_TOPIC: `live-bench-${randomUUID().slice(0, 8)}`,
    KAFKA_PARTITIONS: '6',
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'shop-live-bench-')),
    LIVE_MAX_STREAMS: String(STREAMS + STAFF_STREAMS),
  };
  const processes: RoleProcess[] = [];
  try {
    processes.push(await startRole('projectors', env), await startRole('query', env));
    const query = processes[1]!;
    const owners = Array.from({ length: STREAMS }, () => randomUUID());
    const cookies = await benchSessions(pool, [...owners.map((userId) => ({ userId, isStaff: false })), ...Array.from({ length: STAFF_STREAMS }, () => ({ userId: randomUUID(), isStaff: true }))]);
    const projects = await createProjects(pool, owners, rate);
    const before = await memoryOf(query);
    const readers = await startReaders({ url: `${query.url}/api/live/`, streams: cookies.map((cookie) => ({ cookie })), silent: staffIndexes() });
    const open = await memoryOf(query);
    const notifies = await watchNotifies(pool);
    const load = await runLoad({ databaseUrl, rate, seconds, projects, asStaff: true });
    const pushed = await pushLatencies(pool, load, readers, notifies);
    await readers.close();
    const perStream = (key: keyof typeof open) => fmt((open[key] - before[key]) / (STREAMS + STAFF_STREAMS) / 1024, 1);
    return [
      latencyRow(`through Kafka (projectors and query-api processes), ${fmt(rate)} commands/s for ${seconds} s, ${fmt(STREAMS)} customer + ${STAFF_STREAMS} staff streams`, pushed),
      ...(rate === RATES[0]
        ? [{ section: 'live', case: `memory per open stream, query-api process (${fmt(STREAMS + STAFF_STREAMS)} streams, its /metrics, no forced GC)`, figures: `heap ${perStream('heap')} KiB · RSS ${perStream('rss')} KiB`, ratio: '–' }]
        : []),
    ];
  } finally {
    await Promise.all(processes.map((role) => role.stop()));
    await pool.end();
  }
}

/** `npm run bench` runs without --expose-gc; the heap figures need a collection before each reading. */
function exposedGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const staffIndexes = () => Array.from({ length: STAFF_STREAMS }, (_, n) => STREAMS + n);

/** About one command per project per second at any rate (few version conflicts), owned round robin. */
async function createProjects(pool: Pool, owners: string[], rate: number): Promise<string[]> {
  const eventStore = new PostgresEventStore(pool);
  const projects = Array.from({ length: rate }, (_, n) => ({ id: randomUUID(), owner: owners[n % owners.length]! }));
  for (const project of projects) {
    const actor = { userId: project.owner, isStaff: false };
    const create = () => ({ type: 'CreateProject' as const, projectId: project.id, orderNumber: 1001, ownerId: project.owner, draft: { name: 'Live', fabrics: [] }, at: new Date().toISOString(), actor });
    await handleCommand({ eventStore, clock: systemClock, ids: uuidIds }, projectDecider, `project-${project.id}`, create, { actor: project.owner, correlationId: randomUUID() });
  }
  return projects.map((project) => project.id);
}

/**
 * Logged-in sessions as express-session keeps them (the store's row in http_sessions, a cookie signed with
 * the shop's session secret): logging 1,000 customers in through the API would measure scrypt.
 */
async function benchSessions(pool: Pool, users: Array<{ userId: string; isStaff: boolean }>): Promise<string[]> {
  const secret = await loadOrCreateSecret(pool, 'session');
  const expires = new Date(Date.now() + 3_600_000);
  const sessions = users.map((user) => ({
    sid: randomUUID(),
    sess: { cookie: { originalMaxAge: 3_600_000, expires: expires.toISOString(), httpOnly: true, path: '/', sameSite: 'lax' }, user: { ...user, email: `${user.userId}@bench.test`, isGuest: false } },
  }));
  await pool.query('INSERT INTO http_sessions (sid, sess, expire) SELECT * FROM unnest($1::varchar[], $2::json[], $3::timestamp[])', [
    sessions.map((session) => session.sid),
    sessions.map((session) => JSON.stringify(session.sess)),
    sessions.map(() => expires),
  ]);
  // cookie-signature's format, which express-session checks.
  const signed = (sid: string) => `s:${sid}.${createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '')}`;
  return sessions.map((session) => `sid=${encodeURIComponent(signed(session.sid))}`);
}

async function memoryOf(role: RoleProcess): Promise<{ heap: number; rss: number }> {
  const text = await (await fetch(`${role.url}/metrics`)).text();
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { heap: gauge('nodejs_heap_size_used_bytes'), rss: gauge('process_resident_memory_bytes') };
}

interface Readers {
  /** Per stream: [revision, epoch ms] of each change heard. */
  received: Map<string, Array<[number, number]>>;
  close: () => Promise<number>;
}

/** Opens the streams in a child process (live-readers.ts) and resolves once each is ready. */
async function startReaders(input: ReadersInput): Promise<Readers> {
  const child = fork(fileURLToPath(new URL('./live-readers.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const received = new Map<string, Array<[number, number]>>();
  let closed: (ended: number) => void = () => undefined;
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: ReadersMessage) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'refused') reject(new Error(`live stream refused: ${message.detail}`));
      else if (message.type === 'closed') closed(message.ended);
      else {
        for (const [stream, revision, at] of message.arrivals) {
          const list = received.get(stream) ?? [];
          list.push([revision, at]);
          received.set(stream, list);
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`the live readers exited with ${code}`)));
    child.send(input);
  });
  return {
    received,
    close: () =>
      new Promise<number>((resolve) => {
        closed = resolve;
        child.send('close');
      }),
  };
}

interface Notifies {
  /** [highest live_changes id the NOTIFY named, epoch ms it arrived], in arrival order. */
  stamps: Array<[number, number]>;
  stop: () => Promise<void>;
}

/**
 * Listens as a query-api process does for the projections' commit NOTIFYs (decision 0170), to
 * split each latency into "append to projection committed and NOTIFY delivered" (the projection
 * path: store or Kafka) and "NOTIFY to the reader" (the live path: change feed, hub, HTTP).
 */
async function watchNotifies(pool: Pool): Promise<Notifies> {
  const client = await pool.connect();
  const stamps: Array<[number, number]> = [];
  client.on('notification', (message) => {
    if (message.payload) stamps.push([Number(message.payload), performance.timeOrigin + performance.now()]);
  });
  await client.query('LISTEN shop_live_changes');
  return {
    stamps,
    stop: async () => {
      await client.query('UNLISTEN *');
      client.release();
    },
  };
}

interface Pushed {
  latencies: number[];
  /** Append to the NOTIFY of the commit that projected it (the projection path). */
  notified: number[];
  /** That NOTIFY to the reader's message (the live path: change feed, hub, HTTP). */
  delivered: number[];
  appended: number;
  conflicts: number;
}

/** From each append's return to the first change on its owner's stream at that revision or later (waits up to 60 s for stragglers). */
async function pushLatencies(pool: Pool, load: LoadResult, readers: Readers, notifies: Notifies): Promise<Pushed> {
  const { rows: events } = await pool.query<{ event_id: string; stream_id: string; stream_revision: string }>(
    'SELECT event_id, stream_id, stream_revision FROM events WHERE event_id = ANY($1)',
    [load.appended.map(([id]) => id)],
  );
  const where = new Map(events.map((row) => [row.event_id, { stream: row.stream_id, revision: Number(row.stream_revision) }]));
  // The writers report every id they drew; the events' ids are those the store holds.
  const appended = load.appended.filter(([id]) => where.has(id));
  const pushedAt = (id: string) => {
    const event = where.get(id)!;
    return readers.received.get(event.stream)?.find(([seen]) => seen >= event.revision)?.[1];
  };
  const deadline = performance.now() + 60_000;
  while (appended.some(([id]) => pushedAt(id) === undefined) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  await notifies.stop();
  const notifiedAt = await notifiedTimes(pool, where, notifies.stamps);
  const sorted = (values: Array<number | null>) => values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  const between = (from: number | undefined, to: number | undefined) => (from === undefined || to === undefined ? null : to - from);
  return {
    latencies: sorted(appended.map(([id, at]) => between(at, pushedAt(id)))),
    notified: sorted(appended.map(([id, at]) => between(at, notifiedAt(id)))),
    delivered: sorted(appended.map(([id]) => between(notifiedAt(id), pushedAt(id)))),
    appended: appended.length,
    conflicts: load.conflicts,
  };
}

/** When each event's first live change (at its revision or later) was announced: the first NOTIFY naming that change's id or a later one. */
async function notifiedTimes(pool: Pool, where: Map<string, { stream: string; revision: number }>, stamps: Array<[number, number]>): Promise<(eventId: string) => number | undefined> {
  const { rows } = await pool.query<{ id: string; stream_id: string; revision: string }>('SELECT id, stream_id, revision FROM live_changes ORDER BY id');
  const changes = new Map<string, Array<[number, number]>>();
  for (const row of rows) {
    const list = changes.get(row.stream_id) ?? [];
    list.push([Number(row.revision), Number(row.id)]);
    changes.set(row.stream_id, list);
  }
  return (eventId) => {
    const event = where.get(eventId)!;
    const change = changes.get(event.stream)?.find(([revision]) => revision >= event.revision);
    return change && stamps.find(([through]) => through >= change[1])?.[1];
  };
}

function latencyRow(label: string, { latencies, notified, delivered, appended, conflicts }: Pushed): Row {
  const p50p99 = (values: number[]) => `p50 ${fmt(percentile(values, 50), 1)} ms · p99 ${fmt(percentile(values, 99), 1)} ms`;
  return {
    section: 'live',
    case: label,
    figures:
      `append to browser event ${p50p99(latencies)} (${fmt(latencies.length)} of ${fmt(appended)} events pushed, ${conflicts} conflicts); ` +
      `split: append to the projection's commit NOTIFY ${p50p99(notified)}, NOTIFY to the reader ${p50p99(delivered)}`,
    ratio: '–',
  };
}
