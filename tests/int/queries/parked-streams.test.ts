import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@shop/event-store';
import { ApiClient } from '../../support/http-client.js';
import { startTestShop, type TestShop } from '../../support/shop.js';
import { clientAs, customerUser, staffUser } from './support/sessions.js';

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

describe('parked streams (decision 0111)', () => {
  it('a project event the read models cannot read parks its stream: listed for staff, on /readyz and /metrics; a retry that fails again keeps it parked', async () => {
    // An event an older, buggy version might have written: the right type, data of the wrong shape.
    const streamId = `project-${randomUUID()}`;
    const store = new PostgresEventStore(shop.db.pool);
    await store.appendToStream(streamId, [
      { id: randomUUID(), type: 'ProjectCreated', data: { garbled: true }, metadata: { actor: 'old-version', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() } },
    ]);
    const staff = await clientAs(shop.db.pool, shop.url, staffUser(randomUUID()));
    const health = await eventually(
      async () => (await staff.get('/api/internal/projections/')).body,
      (body) => body.parked_streams.some((row: { stream_id: string }) => row.stream_id === streamId),
    );
    const parked = health.parked_streams.filter((row: { stream_id: string }) => row.stream_id === streamId);
    expect(parked.map((row: { projection: string }) => row.projection)).toContain('projects');
    expect(parked[0]).toMatchObject({ event_type: 'ProjectCreated', event_revision: 0, applied_revision: -1, retry_requested_at: null });
    expect(health.projections.find((row: { name: string }) => row.name === 'projects').parked_streams).toBe(1);

    // Still ready (every other stream is served), with the parked stream named.
    const ready = await new ApiClient(shop.url).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.parked_streams.some((row: { stream_id: string; projection: string }) => row.stream_id === streamId && row.projection === 'projects')).toBe(true);
    await eventually(
      async () => (await new ApiClient(shop.url).get('/metrics')).text,
      (text) => /projection_parked_streams\{projection="projects"\} 1/.test(text),
    );

    // Other projects still flow.
    const customer = await clientAs(shop.db.pool, shop.url, customerUser(randomUUID()));
    const created = await customer.post('/api/projects/', { name: 'Still flowing', fabrics: [] });
    expect(created.status).toBe(201);
    await eventually(async () => (await customer.get(`/api/projects/${created.body.id}/`)).status, (status) => status === 200);

    // A retry without a fix: taken (202), tried, parked again with the error; nobody's stream: 404.
    const retry = await staff.post('/api/internal/projections/parked/retry/', { projection: 'projects', stream_id: streamId });
    expect(retry.status).toBe(202);
    const after = await eventually(
      async () => (await staff.get('/api/internal/projections/')).body.parked_streams.find((row: { stream_id: string; projection: string }) => row.stream_id === streamId && row.projection === 'projects'),
      (row) => row?.retry_requested_at === null,
    );
    expect(after.error.length).toBeGreaterThan(0);
    expect((await staff.post('/api/internal/projections/parked/retry/', { projection: 'projects', stream_id: 'project-nobody' })).status).toBe(404);
    expect((await staff.post('/api/internal/projections/parked/retry/', { projection: '' })).status).toBe(400);
  });
});
