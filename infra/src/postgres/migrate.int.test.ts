import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { infraMigrationsDir, migrate, sqlFunctionsDir } from './migrate.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(async () => {
  await db?.drop();
});

const bodyOf = async (name: string): Promise<string> =>
  (await db.pool.query<{ prosrc: string }>('SELECT prosrc FROM pg_proc WHERE proname = $1', [name])).rows.map((row) => row.prosrc).join('\n---\n');

// Decision 0370: the functions the application calls live in infra/sql/functions/, one body each,
// applied with CREATE OR REPLACE after every migration run.
describe('the SQL functions', () => {
  it('each have one body in the source tree, in their own file', async () => {
    const sources = [
      ...(await readdir(infraMigrationsDir)).map((name) => path.join(infraMigrationsDir, name)),
      ...(await readdir(sqlFunctionsDir)).map((name) => path.join(sqlFunctionsDir, name)),
    ];
    const texts = await Promise.all(sources.map(async (file) => ({ file, text: await readFile(file, 'utf8') })));
    for (const name of ['shop_append_events', 'shop_append_sealed_events', 'shop_stored_revision']) {
      const defining = texts.filter(({ text }) => new RegExp(`CREATE (OR REPLACE )?FUNCTION ${name}\\(`).test(text)).map(({ file }) => path.relative(path.dirname(sqlFunctionsDir), file));
      expect(defining).toEqual([`functions/${name}.sql`]);
    }
  });

  it('are in the database after the migrations, the sealed append calling the bare one', async () => {
    expect(await bodyOf('shop_append_events')).toContain('shop_chain_hashes');
    expect(await bodyOf('shop_append_sealed_events')).toContain('FROM shop_append_events(');
    expect(await bodyOf('shop_append_sealed_events')).not.toContain('INSERT INTO events');
  });

  it('are applied again on every run: a body changed in the database is put back, and a second run changes nothing else', async () => {
    const before = await bodyOf('shop_stored_revision');
    await db.pool.query(`CREATE OR REPLACE FUNCTION shop_stored_revision(p_stream text, p_ids uuid[]) RETURNS bigint LANGUAGE sql AS 'SELECT NULL::bigint'`);
    expect(await bodyOf('shop_stored_revision')).not.toBe(before);
    expect(await migrate(db.url, [])).toEqual([]);
    expect(await bodyOf('shop_stored_revision')).toBe(before);
    const functions = await db.pool.query<{ count: string }>(`SELECT count(*) FROM pg_proc WHERE proname LIKE 'shop_append%' OR proname = 'shop_stored_revision'`);
    expect(Number(functions.rows[0]!.count)).toBe(3);
  });

  it('wait for each other when two processes start at once', async () => {
    await expect(Promise.all([migrate(db.url, []), migrate(db.url, []), migrate(db.url, [])])).resolves.toHaveLength(3);
  });
});
