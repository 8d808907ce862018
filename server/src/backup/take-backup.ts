import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { appliedMigrations, copyTableOut, tablesToBackUp } from '@shop/infra';
import { copyFirstCoveringDigestsOut } from '@shop/event-store';
import { allProjections } from '@shop/projectors';
import { digestOf, writeBundle, BUNDLE_FORMAT, type BackupManifest, type BundleFile, type EntryDigest } from './bundle.js';

/**
 * Writes a bundle of the database and the uploads to `out` (decision 0337). The database is read
 * in one REPEATABLE READ transaction, so every table is copied as of one moment whether the shop
 * runs or not; the uploads are copied after it (they are written once and never changed, so every
 * picture the copied database names is there). Staged beside `out`, renamed over it at the end.
 */
export async function takeBackup(databaseUrl: string, uploadsDir: string, out: string): Promise<BackupManifest> {
  const stage = await mkdtemp(path.join(path.dirname(path.resolve(out)), '.backup-'));
  try {
    const files: BundleFile[] = [];
    const entries: Record<string, EntryDigest> = {};
    const snapshot = await copyDatabase(databaseUrl, stage, files, entries);
    const uploads = await uploadFiles(uploadsDir);
    for (const relative of uploads) {
      const name = `uploads/${relative}`;
      const file = path.join(uploadsDir, relative);
      entries[name] = await digestOf(file);
      files.push({ name, file });
    }
    const manifest: BackupManifest = { format: BUNDLE_FORMAT, version: 1, ...snapshot, uploads: uploads.length, entries };
    const partial = path.join(stage, 'bundle.partial');
    await writeBundle(partial, manifest, files);
    await rename(partial, out);
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

type Snapshot = Omit<BackupManifest, 'format' | 'version' | 'uploads' | 'entries'>;

async function copyDatabase(databaseUrl: string, stage: string, files: BundleFile[], entries: Record<string, EntryDigest>): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    // now() is the transaction's start: the snapshot's moment on the database's clock, which also stamps erasures in the ledger.
    const facts = await client.query<{ taken_at: Date; events: string; last_position: string | null; current: string | null; generations: string[] }>(
      `SELECT now() AS taken_at, (SELECT count(*) FROM events) AS events, (SELECT max(global_position) FROM events) AS last_position,
              (SELECT kek_id FROM personal_data_kek) AS current,
              ARRAY(SELECT kek_id FROM personal_data_kek
                    UNION SELECT DISTINCT kek_id FROM personal_data_keys WHERE data_key IS NOT NULL AND kek_id IS NOT NULL ORDER BY 1) AS generations`,
    );
    const tables = await tablesToBackUp(
      client,
      allProjections.flatMap((projection) => projection.tables),
    );
    const copied: Snapshot['tables'] = [];
    for (const table of tables) {
      const entry = `database/${table.table}.copy`;
      const file = path.join(stage, `${table.table}.copy`);
      await pipeline(copyTableOut(client, table), createWriteStream(file, { mode: 0o600 }));
      entries[entry] = await digestOf(file);
      files.push({ name: entry, file });
      copied.push({ ...table, entry });
    }
    const logCoverage = await copyLogCoverage(client, stage, files, entries);
    const migrations = await appliedMigrations(client);
    await client.query('COMMIT');
    const row = facts.rows[0]!;
    return {
      takenAt: row.taken_at.toISOString(),
      log: { events: Number(row.events), lastPosition: row.last_position === null ? null : Number(row.last_position) },
      currentKeyGeneration: row.current,
      keyGenerations: row.generations,
      migrations,
      tables: copied,
      logCoverage,
    };
  } finally {
    await client.end();
  }
}

/** Which digest first covers each event (decision 0390), from the same snapshot: a restore selects its digests' events by it. */
async function copyLogCoverage(client: pg.Client, stage: string, files: BundleFile[], entries: Record<string, EntryDigest>): Promise<NonNullable<BackupManifest['logCoverage']>> {
  const entry = 'log/first-covering-digests.copy';
  const file = path.join(stage, 'first-covering-digests.copy');
  const { rows, digestsThrough } = await copyFirstCoveringDigestsOut(client);
  await pipeline(rows, createWriteStream(file, { mode: 0o600 }));
  entries[entry] = await digestOf(file);
  files.push({ name: entry, file });
  return { entry, digestsThrough };
}

/** Every file under the uploads folder, relative to it; none when there is no folder. */
async function uploadFiles(root: string): Promise<string[]> {
  const found = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return found
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}
