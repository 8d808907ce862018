import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { createPool, type Pool } from './pool.js';
import { preparedQuery, preparedStatement } from './prepared-query.js';

let db: TestDatabase;
// One connection: every read below runs on the connection that prepared the statement.
let pool: Pool;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  pool = createPool(db.url, 1);
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const READ = preparedStatement('prepared_query_test_read', 'SELECT id, value FROM prepared_things WHERE id = $1');
const preparedHere = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n;

describe('preparedQuery', () => {
  it('runs a statement named on the pool, prepared once per connection, with the same rows as the text', async () => {
    await db.pool.query('CREATE TABLE prepared_things (id int PRIMARY KEY, value int NOT NULL); INSERT INTO prepared_things VALUES (1, 10), (2, 20)');
    expect((await preparedQuery(pool, READ, [1])).rows).toEqual([{ id: 1, value: 10 }]);
    expect((await preparedQuery(pool, READ, [2])).rows).toEqual([{ id: 2, value: 20 }]);
    expect(await preparedHere()).toBe(1);
  });

  it('runs it as it is on a connection the caller holds', async () => {
    const client = await db.pool.connect();
    try {
      expect((await preparedQuery(client, READ, [1])).rows).toEqual([{ id: 1, value: 10 }]);
      expect((await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n).toBe(0);
    } finally {
      client.release();
    }
  });

  it('reads the table a swap moved in by schema (how a rebuild swaps), as the unnamed text would', async () => {
    await db.pool.query(`CREATE SCHEMA rebuilt; CREATE TABLE rebuilt.prepared_things (id int PRIMARY KEY, value int NOT NULL); INSERT INTO rebuilt.prepared_things VALUES (1, 11);
      CREATE SCHEMA retired; ALTER TABLE public.prepared_things SET SCHEMA retired; ALTER TABLE rebuilt.prepared_things SET SCHEMA public`);
    expect((await preparedQuery(pool, READ, [1])).rows).toEqual([{ id: 1, value: 11 }]);
  });

  it('answers after a selected column changed type, which PostgreSQL refuses to a prepared statement, and goes on preparing', async () => {
    await db.pool.query(`ALTER TABLE prepared_things ALTER COLUMN value TYPE text USING value::text || '!'`);
    let dropped = 0;
    pool.on('remove', () => dropped++);
    expect((await preparedQuery(pool, READ, [1])).rows).toEqual([{ id: 1, value: '11!' }]);
    // The refusal came, and pg-pool dropped the connection that had the old plan.
    expect(dropped).toBe(1);
    expect((await preparedQuery(pool, READ, [1])).rows).toEqual([{ id: 1, value: '11!' }]);
    expect(await preparedHere()).toBe(1);
  });

  it('refuses one name for two statements', () => {
    expect(() => preparedStatement(READ.name, 'SELECT 1')).toThrow(/already another statement/);
    expect(preparedStatement(READ.name, READ.text)).toEqual(READ);
  });
});
