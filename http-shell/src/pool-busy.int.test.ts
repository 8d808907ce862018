import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger, createPool, isPoolBusy, type Pool } from '@shop/infra';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { createApiApp } from './api-app.js';
import { listen } from './http-server.js';

/**
 * Overload is said, not disguised (decision 0308): a request that waited its bound for a database
 * connection gets 503 with Retry-After and a plain message, not a slow answer or a 500.
 */
let db: TestDatabase;
let pool: Pool;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  pool = createPool(db.url, 1, { waitMs: 200 });
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

describe('a busy database pool', () => {
  it('answers 503 with Retry-After once the wait for a connection runs out, and serves again once one is free', async () => {
    const router = Router().get('/answer/', async (_req, res) => {
      const { rows } = await pool.query<{ n: number }>('SELECT 42 AS n');
      res.json(rows[0]);
    });
    const server = await listen(createApiApp({ logger: createLogger('silent'), routers: [router] }), 0);
    try {
      const held = await pool.connect();
      const refusal = await pool.query('SELECT 1').catch((error: unknown) => error);
      expect(isPoolBusy(refusal)).toBe(true);
      const busy = await fetch(`http://127.0.0.1:${server.port}/api/answer/`);
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('1');
      expect(await busy.json()).toEqual({ status: 503, message: 'The shop is busy right now. Please try again in a moment.' });
      held.release();
      const served = await fetch(`http://127.0.0.1:${server.port}/api/answer/`);
      expect(served.status).toBe(200);
      expect(await served.json()).toEqual({ n: 42 });
    } finally {
      await server.close();
    }
  });
});
