import autocannon from 'autocannon';
import { ApiClient } from '../support/http-client.js';
import { startRole, type RoleProcess } from '../support/processes.js';
import type { BenchContext, Row } from './bench-context.js';
import { fmt, percentile } from './measure.js';

const STAFF = { STAFF_EMAIL: 'bench-staff@shop.test', STAFF_PASSWORD: 'Bench-Pass1' };

/**
 * What session consistency (docs/decisions/0210) costs a read: GET /api/projects/{id}/ on a
 * query-api process of its own, the command API and the projectors (fed from the event store)
 * in two more, as in the scaled topology. Under load: a session that wrote nothing, and one
 * whose write this process has seen applied, each against a query process with the wait off
 * (READ_YOUR_WRITES_WAIT_MS=0), in turns, median of three. Then rounds of write-then-read by one client: the read that
 * follows a write, waiting for it through the session, through X-Min-Revision, or not at all.
 */
export async function sessionBench(context: BenchContext): Promise<Row[]> {
  const seconds = context.quick ? 3 : 10;
  const rounds = context.quick ? 100 : 300;
  const env = { DATABASE_URL: await context.freshDatabase(), ...STAFF };
  const processes: RoleProcess[] = [];
  try {
    processes.push(await startRole('command', env));
    processes.push(
      ...(await Promise.all([startRole('query', env), startRole('query', { ...env, READ_YOUR_WRITES_WAIT_MS: '0' }), startRole('projectors', env)])),
    );
    const [command, query, unwaiting] = processes.map((process) => process.url!);
    const writer = await staffOn(command!);
    const idle = await staffOn(command!);
    const created = await writer.post('/api/projects/', { name: 'Bench', fabrics: [] });
    const path = `/api/projects/${created.body.id}/`;
    // The writer's first read waits for its write; from then on this process knows it applied.
    await writer.pointedAt(query!).get(path);
    await writer.pointedAt(unwaiting!).get(path);

    const load = async (base: string, client: ApiClient) => {
      const result = await autocannon({ url: `${base}${path}`, connections: 10, duration: seconds, headers: { cookie: client.cookieHeader() } });
      if (result.non2xx > 0) throw new Error(`${path} answered ${result.non2xx} non-2xx responses`);
      return result;
    };
    const figures = (result: autocannon.Result) => `p50 ${fmt(result.latency.p50, 1)} ms p99 ${fmt(result.latency.p99, 1)} ms ${fmt(result.requests.average)} req/s`;
    // Taken in turns, three times, each case's median run kept: a busy machine's drift hits all three alike.
    const runs: Record<'off' | 'nothing' | 'wrote', autocannon.Result[]> = { off: [], nothing: [], wrote: [] };
    for (let turn = 0; turn < 3; turn++) {
      runs.off.push(await load(unwaiting!, idle));
      runs.nothing.push(await load(query!, idle));
      runs.wrote.push(await load(query!, writer));
    }
    const median = (results: autocannon.Result[]) => [...results].sort((a, b) => a.requests.average - b.requests.average)[1]!;
    const [off, nothing, wrote] = [median(runs.off), median(runs.nothing), median(runs.wrote)];

    const afterWrite = {
      session: await readsAfterWrites(writer.pointedAt(command!), writer.pointedAt(query!), path, rounds, () => ({})),
      header: await readsAfterWrites(writer.pointedAt(command!), writer.pointedAt(query!), path, rounds, (revision) => ({ 'x-min-revision': `project-${created.body.id}@${revision}` })),
      none: await readsAfterWrites(writer.pointedAt(command!), writer.pointedAt(unwaiting!), path, rounds, () => ({})),
    };
    const read = (result: AfterWrite) =>
      `p50 ${fmt(percentile(result.latenciesMs, 50), 1)} ms p99 ${fmt(percentile(result.latenciesMs, 99), 1)} ms, ${result.stale} of ${rounds} stale`;
    return [
      {
        section: 'session',
        case: 'GET /api/projects/{id}/ by a session that wrote nothing, 10 connections (median of 3)',
        figures: `${figures(nothing)} · wait off ${figures(off)}`,
        ratio: `req/s ${fmt(nothing.requests.average / off.requests.average, 2)} of wait off`,
      },
      {
        section: 'session',
        case: 'the same by a session whose write this process saw applied',
        figures: `${figures(wrote)} · wait off ${figures(off)}`,
        ratio: `req/s ${fmt(wrote.requests.average / off.requests.average, 2)} of wait off`,
      },
      {
        section: 'session',
        case: `the read right after the same client's write (PUT rename), ${rounds} rounds, 1 client`,
        figures: `session ${read(afterWrite.session)} · X-Min-Revision ${read(afterWrite.header)} · no wait ${read(afterWrite.none)}`,
        ratio: `p50 session/X-Min-Revision ${fmt(percentile(afterWrite.session.latenciesMs, 50) / percentile(afterWrite.header.latenciesMs, 50), 2)}`,
      },
    ];
  } finally {
    await Promise.all(processes.map((process) => process.stop().catch(() => undefined)));
  }
}

async function staffOn(url: string): Promise<ApiClient> {
  const client = new ApiClient(url);
  await client.get('/api/openapi.json');
  const login = await client.post('/api/sessions/', { email: STAFF.STAFF_EMAIL, password: STAFF.STAFF_PASSWORD });
  if (login.status !== 200) throw new Error(`bench staff log-in answered ${login.status}`);
  return client;
}

interface AfterWrite {
  latenciesMs: number[];
  /** Reads that answered the name from before the write. */
  stale: number;
}

/** Renames the project, then times the read that follows; `headers` adds what the client sends. */
async function readsAfterWrites(writer: ApiClient, reader: ApiClient, path: string, rounds: number, headers: (revision: number) => Record<string, string>): Promise<AfterWrite> {
  const latenciesMs: number[] = [];
  let stale = 0;
  for (let round = 0; round < rounds; round++) {
    const name = `Bench ${round} ${Math.random()}`;
    const written = await writer.put(path, { name });
    if (written.status !== 200) throw new Error(`rename answered ${written.status}`);
    const started = performance.now();
    const answer = await reader.get(path, headers(written.body.revision as number));
    latenciesMs.push(performance.now() - started);
    if (answer.body?.name !== name) stale++;
  }
  return { latenciesMs: latenciesMs.sort((a, b) => a - b), stale };
}
