import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@shop/event-store';
import { ApiClient } from '../../support/http-client.js';
import { startTestShop, type TestShop } from '../../support/shop.js';
import { clientAs, customerUser, staffUser } from './support/sessions.js';

/**
 * Decision 0356: an event of a type no code of today knows (a newer release wrote it, or a type
 * was dropped without an upcaster) is never skipped. Projections park its stream (decision 0111's
 * mechanism) and say so; commands on the stream answer a clear error naming the type.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.stop();
});

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in time: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type ParkedRow = { projection: string; stream_id: string; event_type: string; event_revision: number; applied_revision: number; error: string };

describe('an event of an unknown type', () => {
  it('appended straight to a project stream parks it for every projection, named on the health API, /readyz and /metrics; a command on it answers 503 naming the type', async () => {
    const customer = await clientAs(shop.db.pool, shop.url, customerUser(randomUUID()));
    const created = await customer.post('/api/projects/', { name: 'Before the unknown', fabrics: [] });
    expect(created.status).toBe(201);
    const projectId = created.body.id as string;
    const streamId = `project-${projectId}`;
    await eventually(async () => (await customer.get(`/api/projects/${projectId}/`)).status, (status) => status === 200);

    // A row a newer release might write: a type this code has never heard of.
    await new PostgresEventStore(shop.db.pool).appendToStream(streamId, [
      { id: randomUUID(), type: 'ProjectRecoloured', data: { colour: 'teal' }, metadata: { actor: 'newer-version', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() } },
    ]);

    const staff = await clientAs(shop.db.pool, shop.url, staffUser(randomUUID()));
    const health = await eventually(
      async () => (await staff.get('/api/internal/projections/')).body,
      (body) => body.parked_streams.some((row: ParkedRow) => row.stream_id === streamId && row.projection === 'projects'),
    );
    const parked = (health.parked_streams as ParkedRow[]).filter((row) => row.stream_id === streamId);
    const projects = parked.find((row) => row.projection === 'projects')!;
    expect(projects).toMatchObject({ event_type: 'ProjectRecoloured', event_revision: 1, applied_revision: 0 });
    expect(projects.error).toBe(`Unknown event type ProjectRecoloured in stream ${streamId}: this version of the shop cannot read it (docs/decisions/0356)`);
    // Not one projection skipped it: each has the stream parked (the mail outbox too).
    const everyReader = new Set<string>(['mail-outbox', ...health.projections.map((projection: { name: string }) => projection.name)]);
    await eventually(
      async () => new Set(((await staff.get('/api/internal/projections/')).body.parked_streams as ParkedRow[]).filter((row) => row.stream_id === streamId).map((row) => row.projection)),
      (parkedBy) => [...everyReader].every((name) => parkedBy.has(name)),
    );

    const ready = await new ApiClient(shop.url).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.parked_streams.some((row: { stream_id: string; projection: string }) => row.stream_id === streamId && row.projection === 'projects')).toBe(true);
    await eventually(
      async () => (await new ApiClient(shop.url).get('/metrics')).text,
      (text) => /projection_parked_streams\{projection="projects"\} 1/.test(text),
    );

    // A command on the stream cannot fold it: a clear 503 naming the type and the stream, nothing written.
    const saved = await customer.put(`/api/projects/${projectId}/`, { name: 'After the unknown' });
    expect(saved.status).toBe(503);
    expect(saved.body.message).toBe(`Unknown event type ProjectRecoloured in stream ${streamId}: this version of the shop cannot read it (docs/decisions/0356)`);
    const { rows } = await shop.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [streamId]);
    expect(rows[0]!.n).toBe(2);

    // A retry without a new version fails the same way and keeps it parked.
    expect((await staff.post('/api/internal/projections/parked/retry/', { projection: 'projects', stream_id: streamId })).status).toBe(202);
    const after = await eventually(
      async () => ((await staff.get('/api/internal/projections/')).body.parked_streams as Array<ParkedRow & { retry_requested_at: string | null }>).find((row) => row.stream_id === streamId && row.projection === 'projects'),
      (row) => row?.retry_requested_at === null,
    );
    expect(after).toMatchObject({ event_type: 'ProjectRecoloured', applied_revision: 0 });
    expect(after!.error).toContain('Unknown event type ProjectRecoloured');

    // Every other project still flows.
    const other = await customer.post('/api/projects/', { name: 'Still flowing', fabrics: [] });
    expect(other.status).toBe(201);
    await eventually(async () => (await customer.get(`/api/projects/${other.body.id}/`)).status, (status) => status === 200);
  });
});
