import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commandRoutes } from '@shop/command-api';
import { createLogger, systemClock, uuidIds } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { createApiApp, createOpenApiRegistry, createSessionSecurity, listen } from '@shop/http-shell';
import { completeFabric, shopWithCustomerAndStaff } from './helpers.js';

/**
 * Idempotency-Key on state-changing requests (decision 0325): a repeat of a write with its key
 * answers the first answer and changes nothing; the key with another body is a 422; two at once
 * run once. The answers live in PostgreSQL (idempotent_requests), shared by every command-api.
 */
const world = shopWithCustomerAndStaff('Ida Idempotent');

const body = (name = 'Window seat cushions') => ({ name, fabrics: [completeFabric()] });

/** Projects of the customer in the event log (not a read model: what was really appended). */
async function projectsCreatedBy(userId: string): Promise<number> {
  const { rows } = await world.shop.db.pool.query<{ count: string }>(
    `SELECT count(*) FROM events WHERE event_type = 'ProjectCreated' AND metadata->>'actor' = $1`,
    [userId],
  );
  return Number(rows[0]!.count);
}

describe('Idempotency-Key', () => {
  it('the same POST /api/projects/ sent twice, one after the other, answers one project and makes one', async () => {
    const key = randomUUID();
    const before = await projectsCreatedBy(world.customerId);
    const first = await world.customer.post('/api/projects/', body(), { 'idempotency-key': key });
    expect(first.status, first.text).toBe(201);
    const again = await world.customer.post('/api/projects/', body(), { 'idempotency-key': key });
    expect(again.status, again.text).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await projectsCreatedBy(world.customerId)).toBe(before + 1);
  });

  it('two at once with one key run once: both answer the same project', async () => {
    const key = randomUUID();
    const before = await projectsCreatedBy(world.customerId);
    const answers = await Promise.all([1, 2, 3].map(() => world.customer.post('/api/projects/', body('At once'), { 'idempotency-key': key })));
    for (const answer of answers) expect(answer.status, answer.text).toBe(201);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await projectsCreatedBy(world.customerId)).toBe(before + 1);
  });

  it('a repeat that reaches another command-api process answers the first answer: it is kept in PostgreSQL', async () => {
    // A second command API on the same database, as in the scaled topology behind one entry port.
    const security = await createSessionSecurity(world.shop.db.pool);
    const deps = { pool: world.shop.db.pool, eventStore: new PostgresEventStore(world.shop.db.pool), clock: systemClock, ids: uuidIds, logger: createLogger('silent'), security };
    const other = await listen(createApiApp({ logger: deps.logger, before: security.middleware, routers: [commandRoutes({ ...deps, registry: createOpenApiRegistry() })] }), 0);
    try {
      const key = randomUUID();
      const before = await projectsCreatedBy(world.customerId);
      const first = await world.customer.post('/api/projects/', body('Two processes'), { 'idempotency-key': key });
      expect(first.status, first.text).toBe(201);
      const again = await world.customer.pointedAt(`http://127.0.0.1:${other.port}`).post('/api/projects/', body('Two processes'), { 'idempotency-key': key });
      expect(again.status, again.text).toBe(201);
      expect(again.body.id).toBe(first.body.id);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await projectsCreatedBy(world.customerId)).toBe(before + 1);
    } finally {
      await other.close();
      await security.close();
    }
  });

  it('the same key with another body is refused with 422 and changes nothing', async () => {
    const key = randomUUID();
    const first = await world.customer.post('/api/projects/', body('First'), { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const before = await projectsCreatedBy(world.customerId);
    const other = await world.customer.post('/api/projects/', body('Something else'), { 'idempotency-key': key });
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/already used for a different request/);
    expect(await projectsCreatedBy(world.customerId)).toBe(before);
  });

  it('a key is the caller\'s own: another account sending the same key makes its own project', async () => {
    const key = randomUUID();
    const mine = await world.customer.post('/api/projects/', body(), { 'idempotency-key': key });
    const theirs = await world.staff.post('/api/projects/', body(), { 'idempotency-key': key });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('a staff note posted twice with one key is one note', async () => {
    const project = await world.customer.post('/api/projects/', body('Noted'));
    const key = randomUUID();
    const path = `/api/internal/projects/${project.body.id}/notes/`;
    const first = await world.staff.post(path, { text: 'Call about the piping' }, { 'idempotency-key': key });
    expect(first.status, first.text).toBe(201);
    const again = await world.staff.post(path, { text: 'Call about the piping' }, { 'idempotency-key': key });
    expect(again.status).toBe(201);
    expect(again.body.note.id).toBe(first.body.note.id);
    const detail = await world.staff.get(`/api/internal/projects/${project.body.id}/`);
    expect(detail.body.staff_notes.map((note: { text: string }) => note.text)).toEqual(['Call about the piping']);
  });

  it('the first answer is kept even when it was a refusal', async () => {
    const key = randomUUID();
    const refused = await world.customer.post('/api/projects/', { name: 'Bad', fabrics: 'none' }, { 'idempotency-key': key });
    expect(refused.status).toBe(400);
    const again = await world.customer.post('/api/projects/', { name: 'Bad', fabrics: 'none' }, { 'idempotency-key': key });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(refused.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a malformed key is a 400 and nothing is written', async () => {
    const before = await projectsCreatedBy(world.customerId);
    const answer = await world.customer.post('/api/projects/', body(), { 'idempotency-key': 'x'.repeat(256) });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/Idempotency-Key/);
    expect(await projectsCreatedBy(world.customerId)).toBe(before);
  });

  it('a request left half-done by a dead process runs again after its lease, and its events are not appended twice', async () => {
    const key = randomUUID();
    const first = await world.customer.post('/api/projects/', body('Half done'), { 'idempotency-key': key });
    expect(first.status).toBe(201);
    // As a process killed after the append and before storing the answer leaves it: no answer, lease run out.
    await world.shop.db.pool.query(
      `UPDATE idempotent_requests SET answer_status = NULL, answer_body = NULL, locked_until = now() - interval '1 second' WHERE idempotency_key = $1`,
      [key],
    );
    const before = await projectsCreatedBy(world.customerId);
    const again = await world.customer.post('/api/projects/', body('Half done'), { 'idempotency-key': key });
    expect(again.status, again.text).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.revision).toBe(first.body.revision);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await projectsCreatedBy(world.customerId)).toBe(before);
  });

  it('the OpenAPI document names the header on every write', async () => {
    const doc = (await world.customer.get('/api/openapi.json')).body;
    const create = doc.paths['/projects/'].post;
    expect(create.parameters.map((parameter: { name: string }) => parameter.name)).toContain('idempotency-key');
    expect(create.responses['422'].description).toMatch(/Idempotency-Key/);
    expect(create.responses['409'].description).toMatch(/Idempotency-Key/);
  });
});
