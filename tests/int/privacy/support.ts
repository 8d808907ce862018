import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkpointsReached, readLogHead, type Pool } from '@shop/infra';

/**
 * Polls until every projection's checkpoint has passed the last event in reading order (a bounded
 * loop, not a timed assertion). Not `max(global_position)`: concurrent appends commit out of
 * position order, and a checkpoint may rest below the highest position for good.
 */
export async function projectionsCaughtUp(pool: Pool): Promise<void> {
  const head = await readLogHead(pool);
  for (let attempt = 0; attempt < 300; attempt++) {
    if (await checkpointsReached(pool, head)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('projections did not catch up');
}

/** Every row of every table in every schema of the database, as text, by table. */
export async function everyTableAsText(pool: Pool): Promise<Map<string, string>> {
  const tables = await pool.query<{ table_schema: string; table_name: string }>(
    `SELECT table_schema, table_name FROM information_schema.tables
      WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'`,
  );
  const texts = new Map<string, string>();
  for (const { table_schema: schema, table_name: table } of tables.rows) {
    const rows = await pool.query<{ row: string }>(`SELECT t::text AS row FROM "${schema}"."${table}" t`);
    texts.set(`${schema}.${table}`, rows.rows.map((row) => row.row).join('\n'));
  }
  return texts;
}

/** Rows of a table as sorted JSON, to compare a read model before and after a rebuild. */
export async function tableSnapshot(pool: Pool, table: string): Promise<string[]> {
  const rows = await pool.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM ${table} t`);
  return rows.rows.map((row) => JSON.stringify(JSON.parse(row.row))).sort();
}

/** Every file under a folder with its text. */
export async function filesUnder(dir: string): Promise<Array<{ file: string; text: string }>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(file, 'latin1') })));
}
