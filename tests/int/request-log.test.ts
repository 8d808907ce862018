import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pino } from 'pino';
import { embeddedConfigSchema, loadConfig } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { startShop, type RunningShop } from '@shop/server';
import { ApiClient } from '../support/http-client.js';
import { completeFabric, STAFF, staffEnv } from './commands/helpers.js';

/**
 * The request log: one line per request with its correlation id (the client's X-Correlation-Id,
 * answered back and stamped on the events it appends), and no passwords, cookies or CSRF tokens.
 */
const lines: Array<Record<string, unknown>> = [];
const raw: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});

let db: TestDatabase;
let shop: RunningShop;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  const config = loadConfig(embeddedConfigSchema, { PORT: '0', DATABASE_URL: db.url, ...staffEnv });
  shop = await startShop(config, pino({ level: 'info' }, sink));
}, 120_000);
afterAll(async () => {
  await shop?.stop();
  await db?.drop();
});

describe('request log', () => {
  it('logs each request with its correlation id, the id the events get, and no secrets', async () => {
    const staff = new ApiClient(shop.url!);
    await staff.get('/api/openapi.json');
    const login = await staff.post('/api/sessions/', STAFF, { 'x-correlation-id': 'login-1' });
    expect(login.status).toBe(200);
    expect(login.headers.get('x-correlation-id')).toBe('login-1');

    const created = await staff.post('/api/projects/', { name: 'Logged cushions', fabrics: [completeFabric()] }, { 'x-correlation-id': 'create-1' });
    expect(created.status, created.text).toBe(201);
    const [event] = await new PostgresEventStore(db.pool).readStream(`project-${created.body.id}`);
    expect(event?.metadata.correlationId).toBe('create-1');

    const anonymous = await new ApiClient(shop.url!).get('/api/products/');
    const generated = anonymous.headers.get('x-correlation-id');
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);

    const requestLines = lines.filter((line) => line.req !== undefined);
    expect(requestLines.find((line) => line.correlationId === 'login-1')).toMatchObject({ req: { method: 'POST', url: '/api/sessions/' }, res: { statusCode: 200 } });
    expect(requestLines.find((line) => line.correlationId === 'create-1')).toMatchObject({ req: { method: 'POST', url: '/api/projects/' }, res: { statusCode: 201 } });
    expect(requestLines.find((line) => line.correlationId === generated)).toMatchObject({ req: { url: '/api/products/' } });
    expect(requestLines.every((line) => typeof line.correlationId === 'string')).toBe(true);

    const everything = raw.join('\n');
    expect(everything).not.toContain(STAFF.password);
    expect(everything).not.toContain(staff.csrfToken!);
    expect(everything).not.toMatch(/sid=s%3A/);
    expect(requestLines.find((line) => line.correlationId === 'create-1')).toMatchObject({ req: { headers: { cookie: '[redacted]', 'x-csrftoken': '[redacted]' } } });
  });

  it('keeps tokens in paths out of the log', async () => {
    await new ApiClient(shop.url!).get('/api/profile-completion/secret-token-123');
    expect(raw.join('\n')).not.toContain('secret-token-123');
    expect(lines.some((line) => (line.req as { url?: string } | undefined)?.url === '/api/profile-completion/[redacted]')).toBe(true);
  });
});
