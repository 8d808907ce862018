import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createPool } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { LiveHub } from '@shop/query-api';
import { allProjections, applyBatchToAll, rebuildInOnePass, type Projection } from '@shop/projectors';
import { ApiClient } from '../../support/http-client.js';
import { LiveClient } from '../../support/live-client.js';
import type { TestShop } from '../../support/shop.js';
import { activeCustomer, completeFabric, loggedIn, staffClient, startCommandShop } from '../commands/helpers.js';

// GET /api/live/ on the embedded shop: what each caller hears of, resuming by Last-Event-ID,
// the limits, and streams closed when their session ends (docs/decisions/0170-0172).
let shop: TestShop;
let rita: { client: ApiClient; email: string; password: string; userId: string };
let sam: { client: ApiClient; email: string; userId: string };
let staff: ApiClient;
const opened: LiveClient[] = [];

beforeAll(async () => {
  // Six streams in all: the process limit is reached on purpose in one test.
  shop = await startCommandShop({ LIVE_MAX_STREAMS: '6' });
  rita = await activeCustomer(shop, 'Rita Live');
  sam = await activeCustomer(shop, 'Sam Stranger');
  staff = await staffClient(shop);
});
afterAll(async () => {
  for (const stream of opened) stream.close();
  await shop?.stop();
});

async function openLive(client: ApiClient, lastEventId?: string): Promise<LiveClient> {
  const stream = await LiveClient.open(`${shop.url}/api/live/`, client.cookieHeader(), lastEventId);
  if (!(stream instanceof LiveClient)) throw new Error(`GET /api/live/ answered ${stream.status} ${JSON.stringify(stream.body)}`);
  opened.push(stream);
  await stream.waitFor((message) => message.event === 'ready');
  return stream;
}

const closeAll = async () => {
  for (const stream of opened.splice(0)) {
    stream.close();
    await stream.waitForEnd();
  }
};

async function newProject(client: ApiClient, name: string): Promise<{ id: string; revision: number }> {
  const created = await client.post('/api/projects/', { name, fabrics: [completeFabric()] });
  expect(created.status, created.text).toBe(201);
  return { id: created.body.id, revision: created.body.revision };
}

const changeOf = (projectId: string, revision: number) => (message: { event: string; data: any }) =>
  message.event === 'change' && message.data.project_id === projectId && message.data.revision >= revision;

describe('GET /api/live/', () => {
  it('tells the owner and staff of a project change after it is projected, and a stranger nothing', async () => {
    const [ritas, sams, staffs] = [await openLive(rita.client), await openLive(sam.client), await openLive(staff)];
    const project = await newProject(rita.client, 'Window seat');
    const renamed = await rita.client.put(`/api/projects/${project.id}/`, { name: 'Bay window seat' });
    expect(renamed.status, renamed.text).toBe(200);

    const heard = await ritas.waitFor(changeOf(project.id, renamed.body.revision));
    expect(heard.data).toMatchObject({ stream: `project-${project.id}`, read_models: expect.arrayContaining(['projects', 'project_history']) });
    expect(Number(heard.id)).toBe(heard.data.position);
    // What the message says is already readable: the projection had committed.
    expect((await rita.client.get(`/api/projects/${project.id}/`)).body).toMatchObject({ name: 'Bay window seat', revision: renamed.body.revision });
    await staffs.waitFor(changeOf(project.id, renamed.body.revision));

    // Sam hears of his own project, which came after Rita's: so he would have heard hers by now.
    const own = await newProject(sam.client, 'Sam’s ottoman');
    await sams.waitFor(changeOf(own.id, own.revision));
    expect(sams.changes().filter((change) => change.project_id === project.id || change.stream === `account-${rita.userId}`)).toEqual([]);
    expect(ritas.changes().filter((change) => change.project_id === own.id)).toEqual([]);

    const anonymous = await new ApiClient(shop.url).get('/api/live/');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ status: 401 });
    await closeAll();
  });

  it('resumes after the Last-Event-ID with every change missed meanwhile, and says reset when they are no longer kept', async () => {
    const project = await newProject(rita.client, 'Headboard');
    const first = await openLive(rita.client);
    await first.waitFor(changeOf(project.id, project.revision));
    const resumeAt = first.lastEventId!;
    first.close();
    await first.waitForEnd();

    let revision = project.revision;
    for (const name of ['Headboard, tall', 'Headboard, taller']) {
      revision = (await rita.client.put(`/api/projects/${project.id}/`, { name })).body.revision;
    }
    const other = await newProject(rita.client, 'Curtains');
    // Both are projected before the client comes back.
    expect((await rita.client.get('/api/projects/', { 'x-min-revision': `project-${other.id}@${other.revision}` })).headers.get('x-min-revision-status')).toBe('reached');
    expect((await rita.client.get('/api/projects/', { 'x-min-revision': `project-${project.id}@${revision}` })).headers.get('x-min-revision-status')).toBe('reached');

    const resumed = await openLive(rita.client, resumeAt);
    const readyAt = resumed.messages.findIndex((message) => message.event === 'ready');
    const missed = resumed.messages.slice(0, readyAt).filter((message) => message.event === 'change');
    expect(missed.some(changeOf(project.id, revision))).toBe(true);
    expect(missed.some(changeOf(other.id, other.revision))).toBe(true);
    expect(missed.every((message) => Number(message.id) > Number(resumeAt))).toBe(true);
    const ids = resumed.messages.filter((message) => message.id !== null).map((message) => Number(message.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    // Changes removed by retention (here: declared removed) cannot be replayed: the client refetches.
    await shop.db.pool.query('UPDATE live_changes_horizon SET removed_through = $1', [Number(resumeAt) + 1]);
    const tooOld = await openLive(rita.client, resumeAt);
    expect(tooOld.messages.map((message) => message.event)).toEqual(['reset', 'ready']);
    await shop.db.pool.query('UPDATE live_changes_horizon SET removed_through = 0');
    await closeAll();
  });

  it('starts a page that opens after changes no page was open for at the newest change, and tells it the next one (decision 0290)', async () => {
    await closeAll();
    // Projected while no stream is open in the process: the live feed reads none of it.
    const quiet = await newProject(rita.client, 'Quiet footstool');
    expect((await rita.client.get('/api/projects/', { 'x-min-revision': `project-${quiet.id}@${quiet.revision}` })).headers.get('x-min-revision-status')).toBe('reached');
    const { rows } = await shop.db.pool.query<{ id: string }>('SELECT max(id) AS id FROM live_changes WHERE stream_id = $1', [`project-${quiet.id}`]);

    const page = await openLive(rita.client);
    const ready = page.messages.find((message) => message.event === 'ready')!;
    // Ready at (or after) the quiet change, which is not replayed as news.
    expect(Number(ready.data.position)).toBeGreaterThanOrEqual(Number(rows[0]!.id));
    const renamed = await rita.client.put(`/api/projects/${quiet.id}/`, { name: 'Quiet footstool, tall' });
    expect(renamed.status, renamed.text).toBe(200);
    await page.waitFor(changeOf(quiet.id, renamed.body.revision));
    expect(page.changes().filter((change) => change.project_id === quiet.id).map((change) => change.revision)).toEqual([renamed.body.revision]);
    await closeAll();
  });

  it('holds at most four streams per session and LIVE_MAX_STREAMS per process, answering 429 with a message', async () => {
    for (let n = 0; n < 4; n++) await openLive(staff);
    const fifth = await LiveClient.open(`${shop.url}/api/live/`, staff.cookieHeader());
    expect(fifth).toMatchObject({ status: 429, body: { status: 429, message: expect.stringMatching(/close a tab/) } });

    await openLive(rita.client);
    await openLive(sam.client);
    const seventh = await LiveClient.open(`${shop.url}/api/live/`, (await loggedIn(shop, rita.email, rita.password)).cookieHeader());
    expect(seventh).toMatchObject({ status: 429, body: { status: 429, message: expect.stringMatching(/as many live updates as it can/) } });

    // A closed stream frees its place.
    const [one] = opened;
    one!.close();
    await one!.waitForEnd();
    await expect.poll(async () => {
      const again = await LiveClient.open(`${shop.url}/api/live/`, staff.cookieHeader());
      if (again instanceof LiveClient) opened.push(again);
      return again instanceof LiveClient;
    }, { timeout: 10_000 }).toBe(true);
    const metrics = await (await fetch(`${shop.url}/metrics`)).text();
    expect(metrics).toMatch(/live_streams_open 6/);
    expect(metrics).toMatch(/live_streams_refused_total\{limit="session"\} 1/);
    await closeAll();
  });

  it('tells every open stream to reset when a rebuild swaps a read model in (it writes no changes)', async () => {
    const [sams, staffs] = [await openLive(sam.client), await openLive(staff)];
    const projects = allProjections.find((projection) => projection.name === 'projects')!;
    await rebuildInOnePass({ pool: shop.db.pool, eventStore: new PostgresEventStore(shop.db.pool) }, [projects]);
    for (const stream of [sams, staffs]) {
      const reset = await stream.waitFor((message) => message.event === 'reset');
      expect(reset.data.position).toEqual(expect.any(Number));
      // No id: the client's Last-Event-ID stays the newest change it was told of.
      expect(reset.id).toBeNull();
    }
    await closeAll();
  });

  it('makes up a swap\'s reset whose NOTIFY was lost while a query process\'s listener reconnected', async () => {
    // A second query process's live push on two connections of its own, so the test can keep its
    // listener from coming back until the swap has committed (served by plain node:http, as the bench does).
    const url = new URL(shop.db.url);
    url.searchParams.set('application_name', 'live_second_process');
    const pool = createPool(url.toString(), 2);
    const hub = new LiveHub(pool, createLogger('silent'), { heartbeatMs: 600_000 });
    await hub.start();
    const server = createServer((req, res) => {
      Object.assign(req, { session: { id: 'second-process-session' } });
      const user = { userId: sam.userId, email: '', isStaff: false, isGuest: false };
      void hub.open(req as unknown as Parameters<LiveHub['open']>[0], res as unknown as Parameters<LiveHub['open']>[1], user, undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const stream = await LiveClient.open(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, '');
      if (!(stream instanceof LiveClient)) throw new Error(`the second process answered ${stream.status}`);
      await stream.waitFor((message) => message.event === 'ready');
      const listening = async () =>
        (await shop.db.pool.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = 'live_second_process' AND query LIKE 'LISTEN%'")).rows;
      const [listener] = await listening();
      expect(listener).toBeDefined();

      await shop.db.pool.query('SELECT pg_terminate_backend($1)', [listener!.pid]);
      const held = [await pool.connect(), await pool.connect()];
      try {
        expect(await listening()).toEqual([]);
        const projects = allProjections.find((projection) => projection.name === 'projects')!;
        await rebuildInOnePass({ pool: shop.db.pool, eventStore: new PostgresEventStore(shop.db.pool) }, [projects]);
      } finally {
        for (const client of held) client.release();
      }
      const reset = await stream.waitFor((message) => message.event === 'reset');
      expect(reset.id).toBeNull();
      // Told once: a change of Sam's after it comes with no second reset before it.
      const own = await newProject(sam.client, 'After the swap');
      await stream.waitFor(changeOf(own.id, own.revision));
      expect(stream.messages.filter((message) => message.event === 'reset')).toHaveLength(1);
      stream.close();
    } finally {
      await hub.stop();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    }
  });

  it('tells the old owner of a transferred project that it is no longer theirs, the new owner the change, and no one else anything', async () => {
    const tess = await activeCustomer(shop, 'Tess Third');
    const moving = await newProject(rita.client, 'Moving cushion');
    const [ritas, sams, tesses] = [await openLive(rita.client), await openLive(sam.client), await openLive(tess.client)];
    const transferred = await staff.put('/api/internal/transfer/', { project_id: moving.id, email: sam.email });
    expect(transferred.status, transferred.text).toBe(200);

    // Sam, the new owner, hears the change as any owner would; Rita, the old one, only that it changed,
    // with nothing of its new state, and her read is now refused.
    // Each projection's batch makes its own change; the one of the `projects` read model is what pages read.
    const read = (message: { event: string; data: any }) => message.event === 'change' && message.data.project_id === moving.id && message.data.read_models.includes('projects');
    const samHeard = await sams.waitFor((message) => read(message) && message.data.revision > moving.revision);
    expect(samHeard.data).toMatchObject({ stream: `project-${moving.id}` });
    const ritaHeard = await ritas.waitFor((message) => message.event === 'change' && message.data.position === samHeard.data.position);
    expect(ritaHeard.data).toEqual({ position: samHeard.data.position, stream: `project-${moving.id}`, project_id: moving.id, read_models: [], readable: false });
    expect((await rita.client.get(`/api/projects/${moving.id}/`)).status).toBe(403);
    expect((await sam.client.get(`/api/projects/${moving.id}/`)).body).toMatchObject({ name: 'Moving cushion' });

    // Later changes reach only the new owner; Tess never hears of the project at all.
    const renamed = await sam.client.put(`/api/projects/${moving.id}/`, { name: 'Sam’s cushion' });
    expect(renamed.status, renamed.text).toBe(200);
    await sams.waitFor(changeOf(moving.id, renamed.body.revision));
    const [ritaOwn, tessOwn] = [await newProject(rita.client, 'Rita after'), await newProject(tess.client, 'Tess own')];
    await ritas.waitFor(changeOf(ritaOwn.id, ritaOwn.revision));
    await tesses.waitFor(changeOf(tessOwn.id, tessOwn.revision));
    // After the transfer Rita hears nothing of what Sam does with it. (A projection that applies the
    // transfer before the `projects` read model does may still reach her as its owner: she could read it then.)
    const ritaHeardOfIt = ritas.changes().filter((change) => change.project_id === moving.id);
    expect(ritaHeardOfIt).toContainEqual(ritaHeard.data);
    expect(ritaHeardOfIt.filter((change) => change.readable !== false && change.revision >= renamed.body.revision)).toEqual([]);
    expect(tesses.changes().filter((change) => change.project_id === moving.id)).toEqual([]);
    await closeAll();
  });

  it('tells the old organization\'s members too, each former reader once however many batches apply the transfer', async () => {
    const organization = await staff.post('/api/internal/organizations/', { name: 'Old Hotel' });
    expect(organization.status, organization.text).toBe(201);
    const [olga, tess] = [await activeCustomer(shop, 'Olga Colleague'), await activeCustomer(shop, 'Tess Outside')];
    for (const member of [rita, olga]) {
      expect((await staff.post(`/api/internal/organizations/${organization.body.id}/add_member/`, { email: member.email })).status).toBe(200);
    }
    const created = await rita.client.post('/api/projects/', { name: 'Hotel lobby', organization_id: organization.body.id, fabrics: [completeFabric()] });
    expect(created.status, created.text).toBe(201);
    const moving = { id: created.body.id as string, revision: created.body.revision as number };
    expect((await olga.client.get(`/api/projects/${moving.id}/`, { 'x-min-revision': `project-${moving.id}@${moving.revision}` })).status).toBe(200);
    const [ritas, olgas, sams, tesses] = [await openLive(rita.client), await openLive(olga.client), await openLive(sam.client), await openLive(tess.client)];

    // Sam is no member of the organization: the project leaves it with the transfer.
    expect((await staff.put('/api/internal/transfer/', { project_id: moving.id, email: sam.email })).status).toBe(200);
    const samHeard = await sams.waitFor((message) => changeOf(moving.id, moving.revision + 1)(message) && message.data.read_models.includes('projects'));
    for (const former of [ritas, olgas]) {
      const heard = await former.waitFor((message) => message.event === 'change' && message.data.position === samHeard.data.position);
      expect(heard.data).toEqual({ position: samHeard.data.position, stream: `project-${moving.id}`, project_id: moving.id, read_models: [], readable: false });
    }
    expect((await olga.client.get(`/api/projects/${moving.id}/`)).status).toBe(403);

    // A projection applying the transfer in a later batch (one added to the shop and catching up,
    // or one parked on the stream until staff retry it) makes a change of its own: it tells no
    // former reader again.
    const late: Projection = { name: 'late_reader', version: 1, handles: ['ProjectTransferred'], tables: [], apply: async () => undefined };
    await applyBatchToAll(shop.db.pool, [late], await new PostgresEventStore(shop.db.pool).readStream(`project-${moving.id}`));
    await sams.waitFor((message) => message.event === 'change' && message.data.read_models.includes('late_reader'));
    // A change of each one's own after it: by then each was sent all that was addressed to them.
    for (const [client, stream, name] of [[rita.client, ritas, 'Rita marker'], [olga.client, olgas, 'Olga marker'], [tess.client, tesses, 'Tess marker']] as const) {
      const own = await newProject(client, name);
      await stream.waitFor(changeOf(own.id, own.revision));
    }
    for (const former of [ritas, olgas]) {
      const told = former.changes().filter((change) => change.project_id === moving.id && change.position >= samHeard.data.position);
      expect(told).toEqual([{ position: samHeard.data.position, stream: `project-${moving.id}`, project_id: moving.id, read_models: [], readable: false }]);
    }
    expect(tesses.changes().filter((change) => change.project_id === moving.id)).toEqual([]);
    await closeAll();
  });

  it('closes the streams of a session at logout, and the other sessions of a user who changes their password', async () => {
    const laptop = await loggedIn(shop, rita.email, rita.password);
    const phone = await loggedIn(shop, rita.email, rita.password);
    const onLaptop = await openLive(laptop);
    const onPhone = await openLive(phone);

    expect((await laptop.delete('/api/sessions')).status).toBeLessThan(300);
    expect((await onLaptop.waitFor((message) => message.event === 'closed')).data).toEqual({ reason: 'session_ended' });
    await onLaptop.waitForEnd();
    expect(onPhone.isEnded).toBe(false);

    const changed = await rita.client.put('/api/users/', { password: 'Another-Pass2', current_password: rita.password });
    expect(changed.status, changed.text).toBe(200);
    await onPhone.waitFor((message) => message.event === 'closed');
    await onPhone.waitForEnd();
    expect((await phone.get('/api/users/')).body.user_id).toBeNull();
    expect((await rita.client.get('/api/users/')).body.user_id).toBe(rita.userId);
    await closeAll();
  });
});
