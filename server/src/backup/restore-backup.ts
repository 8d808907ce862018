import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { accountStream, reapplyErasure, routeDepsOf } from '@shop/command-api';
import { appliedMigrations, copyTableIn, createPool, databaseIsEmpty, keyEncryptionKeyFile, migrate, readLogHead, resetSequences, systemClock, uuidIds, type EmbeddedConfig, type Logger, type Pool } from '@shop/infra';
import { copyFirstCoveringDigestsIn, LogSigningKey, logSigningKeyFile, prepareFirstCoveringDigestsIn, recordRestore } from '@shop/event-store';
import { appendErasure, bindKeyEncryptionKeys, erasureLedgerFile, openEventStore, openKeyEncryptionKeys, purgeNeeded, purgePersonalData, type KeptKey } from '@shop/personal-data';
import { createSessionSecurity } from '@shop/http-shell';
import { allProjections, paymentCaptureOutboxProjection, readModelMigrationDirs, rebuildAll, rebuildsTidied } from '@shop/projectors';
import { openDatabase } from '../database.js';
import { BundleError, readBundle, readManifest, type BackupManifest } from './bundle.js';
import { generationIn, readKeysBackup, type KeysBackup } from './keys-bundle.js';
import { cutLogAfter } from './log-cut.js';

/** A restore that cannot go ahead: one line saying why, nothing written. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreOptions {
  from: string;
  keys: string;
  /** Leave out what the log recorded after this time. */
  until?: Date;
  config: EmbeddedConfig;
  logger: Logger;
  /** One line per step, for the operator. */
  say: (line: string) => void;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  events: number;
  erasuresReapplied: number;
  uploads: number;
}

/**
 * Restores a bundle into an empty DATA_DIR (or the empty database DATABASE_URL names) with the
 * keys and erasure ledger of a keys backup (decisions 0335-0338), in this order:
 * 1. checks: the keys hold every generation the bundle needs, the target is empty;
 * 2. the key file and ledger written, the schema migrated, the tables and uploads loaded in one
 *    transaction (checksums checked as they are read), cut at `until`;
 * 3. every erasure in the ledger newer than the bundle (or than `until`) re-applied as staff erase;
 * 4. every read model rebuilt from the log, the mail outbox and other reactors moved to the log's
 *    end, mail pending at the backup marked unsent (it may have gone out before);
 * 5. a purge, so the re-applied erasures hold on disk.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const { config, say } = options;
  if (config.EVENTSTORE_URL) throw new RestoreRefused('EVENTSTORE_URL is set: a backup holds the PostgreSQL event store only; unset it to restore');
  const manifest = await readManifest(options.from);
  const keys = await readKeysBackup(options.keys);
  refuseMissingGenerations(manifest, keys, options.keys);
  const keyFile = keyEncryptionKeyFile(config);
  await refuseNonEmptyTarget(config, keyFile);
  say(`Restoring the backup of ${manifest.takenAt} (${manifest.log.events} events, ${manifest.uploads} uploads)${options.until ? `, the log until ${options.until.toISOString()}` : ''}`);
  try {
    return await restoreInto(options, manifest, keys, keyFile);
  } catch (error) {
    await undoRestore(config, keyFile);
    throw error;
  }
}

/**
 * What a failed restore wrote goes, so the target is empty again for the next attempt: DATA_DIR's
 * contents (it was empty), the key file and ledger. A database DATABASE_URL names keeps the schema
 * the restore migrated into it: drop and create it again before retrying.
 */
async function undoRestore(config: EmbeddedConfig, keyFile: string): Promise<void> {
  await rm(keyFile, { force: true });
  await rm(erasureLedgerFile(keyFile), { force: true });
  await rm(path.join(path.dirname(keyFile), 'log-signing-key.pem'), { force: true });
  const dataDir = path.resolve(config.DATA_DIR);
  if (config.DATABASE_URL) return rm(path.join(dataDir, 'uploads'), { recursive: true, force: true });
  for (const name of await readdir(dataDir).catch(() => [])) await rm(path.join(dataDir, name), { recursive: true, force: true });
}

async function restoreInto(options: RestoreOptions, manifest: BackupManifest, keys: KeysBackup, keyFile: string): Promise<RestoreSummary> {
  const { config, say } = options;
  await writeKeyFile(keyFile, manifest, keys);
  const database = await openDatabase(config, options.logger);
  let pool: Pool | null = null;
  try {
    await migrate(database.url, readModelMigrationDirs);
    // The key auditors trust signs the record of this restore, as it signs digests (decision 0390).
    const signer = keys.logSigningKey ? await LogSigningKey.open(logSigningKeyFile(config)) : null;
    const loaded = await loadBundle(database.url, options, manifest, path.resolve(config.DATA_DIR, 'uploads'), signer);
    say(`Loaded ${manifest.tables.length} tables and ${loaded.uploads} uploads${loaded.cut > 0 ? `; left out ${loaded.cut} events recorded after ${options.until!.toISOString()}` : ''}`);
    pool = createPool(database.url, 6);
    const keks = await openKeyEncryptionKeys(config);
    await bindKeyEncryptionKeys(pool, keks, keyFile);
    const eventStore = openEventStore(config, pool, keks);
    const erasures = await reapplyErasures(pool, eventStore, config, options, keys, manifest);
    say(`Re-applied ${erasures} erasure${erasures === 1 ? '' : 's'} from the ledger`);
    await rebuildAll({ pool, eventStore }, allProjections);
    await rebuildsTidied();
    await reactorsAtTheLogsEnd(pool);
    say(`Rebuilt ${allProjections.length} read models; the mail outbox starts at the log's end`);
    if (await purgeNeeded(pool, keks)) await purgePersonalData(pool, keks, (step, details) => options.logger.info(details ?? {}, step));
    const events = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);
    await eventStore.close();
    return { manifest, events, erasuresReapplied: erasures, uploads: loaded.uploads };
  } finally {
    await pool?.end();
    await database.stop();
  }
}

function refuseMissingGenerations(manifest: BackupManifest, keys: KeysBackup, file: string): void {
  const missing = manifest.keyGenerations.filter((id) => generationIn(keys, id) === undefined);
  if (missing.length === 0) return;
  throw new RestoreRefused(
    `${file} lacks key generation ${missing.join(', ')} that the backup of ${manifest.takenAt} needs: it was destroyed (older than the backup retention) or the keys file predates the backup; ` +
      'restore with a keys backup that holds it, or no customer data in this backup can be read',
  );
}

/** DATA_DIR (or the database DATABASE_URL names, its uploads and key file) must be empty: a restore never merges. */
async function refuseNonEmptyTarget(config: EmbeddedConfig, keyFile: string): Promise<void> {
  const dataDir = path.resolve(config.DATA_DIR);
  const inDataDir = await readdir(dataDir).catch(() => []);
  if (!config.DATABASE_URL && inDataDir.length > 0) throw new RestoreRefused(`DATA_DIR ${dataDir} is not empty: restore into an empty or new folder`);
  if ((await readdir(path.join(dataDir, 'uploads')).catch(() => [])).length > 0) throw new RestoreRefused(`${path.join(dataDir, 'uploads')} is not empty: restore into an empty DATA_DIR`);
  if ((await readdir(path.dirname(keyFile)).catch(() => [])).some((name) => name === path.basename(keyFile) || name === path.basename(erasureLedgerFile(keyFile)))) {
    throw new RestoreRefused(`${keyFile} (or its erasure ledger) already exists: restore beside no key file, so no key is overwritten`);
  }
  if (!config.DATABASE_URL) return;
  const client = new pg.Client({ connectionString: config.DATABASE_URL });
  await client.connect().catch((error: Error) => {
    throw new RestoreRefused(`cannot reach the database DATABASE_URL names: ${error.message}`);
  });
  try {
    if (!(await databaseIsEmpty(client))) throw new RestoreRefused('the database DATABASE_URL names is not empty: restore into a new, empty database');
  } finally {
    await client.end();
  }
}

/**
 * The live key file: the generation the backup wraps new keys under is current, every other one it
 * needs is held until the purge at the end re-wraps under a new one, and the rest are kept as the
 * keys backup kept them (for older backups, until the retention ends). The ledger goes beside it.
 */
async function writeKeyFile(keyFile: string, manifest: BackupManifest, keys: KeysBackup): Promise<void> {
  const current = manifest.currentKeyGeneration ?? keys.current;
  const needed = [...new Set([current, ...manifest.keyGenerations])];
  const inUse = Object.fromEntries(needed.map((id) => [id, generationIn(keys, id)!]));
  const kept: Record<string, KeptKey> = {};
  const now = new Date().toISOString();
  for (const [id, key] of Object.entries(keys.keys)) if (!needed.includes(id)) kept[id] = { key, retiredAt: now };
  for (const [id, key] of Object.entries(keys.kept)) if (!needed.includes(id)) kept[id] = key;
  await mkdir(path.dirname(keyFile), { recursive: true, mode: 0o700 });
  await writeFile(keyFile, `${JSON.stringify({ current, keys: inUse, kept })}\n`, { mode: 0o600, flag: 'wx' });
  for (const erasure of keys.ledger) await appendErasure(erasureLedgerFile(keyFile), erasure);
  // The same log-signing key: the restored log's digests verify under the key auditors kept (decision 0347).
  if (keys.logSigningKey) await writeFile(path.join(path.dirname(keyFile), 'log-signing-key.pem'), keys.logSigningKey, { mode: 0o600, flag: 'wx' });
}

/**
 * Tables and uploads in one transaction, with the cut at `until`; the events get the loading
 * transaction's id (decision 0337), so the bundle's record of which digest first covered each event
 * is kept beside them, with the signed record of this restore (decision 0390).
 */
async function loadBundle(
  databaseUrl: string,
  options: RestoreOptions,
  expected: BackupManifest,
  uploadsDir: string,
  signer: LogSigningKey | null,
): Promise<{ uploads: number; cut: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let uploads = 0;
  try {
    const applied = new Set(await appliedMigrations(client));
    const unknown = expected.migrations.filter((migration) => !applied.has(migration));
    if (unknown.length > 0) throw new RestoreRefused(`the backup was made by a newer version of the shop (migration ${unknown[0]} unknown here): restore with that version`);
    await client.query('BEGIN');
    await prepareFirstCoveringDigestsIn(client);
    const manifest = await readBundle(options.from, async (name, body, bundle) => {
      if (name === bundle.logCoverage?.entry) {
        await pipeline(body, copyFirstCoveringDigestsIn(client));
      } else if (name.startsWith('database/')) {
        const table = bundle.tables.find((candidate) => candidate.entry === name);
        if (!table) throw new BundleError(`${options.from}: ${name} is not a table its manifest lists`);
        await copyTableIn(client, table, body);
      } else if (name.startsWith('uploads/')) {
        await writeUpload(uploadsDir, name.slice('uploads/'.length), body);
        uploads++;
      }
    });
    await resetSequences(
      client,
      manifest.tables.map((table) => table.table),
    );
    const cut = options.until ? await cutLogAfter(client, options.until, accountStream) : 0;
    await recordRestore(client, { backupTakenAt: manifest.takenAt, until: options.until ?? null, coverageCarried: manifest.logCoverage !== undefined }, signer);
    await client.query('COMMIT');
    return { uploads, cut };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    await rm(uploadsDir, { recursive: true, force: true });
    throw error;
  } finally {
    await client.end();
  }
}

async function writeUpload(root: string, relative: string, body: NodeJS.ReadableStream): Promise<void> {
  const file = path.resolve(root, relative);
  if (!file.startsWith(`${root}${path.sep}`)) throw new BundleError(`the bundle names an upload outside the uploads folder: ${relative}`);
  await mkdir(path.dirname(file), { recursive: true });
  await pipeline(body, createWriteStream(file, { flags: 'wx' }));
}

/**
 * Every erasure the ledger holds after the restored moment: the bundle's, or `until` when earlier
 * (the cut may have taken an erasure's events away; its key stays destroyed in the bundle).
 */
async function reapplyErasures(
  pool: Pool,
  eventStore: ReturnType<typeof openEventStore>,
  config: EmbeddedConfig,
  options: RestoreOptions,
  keys: KeysBackup,
  manifest: BackupManifest,
): Promise<number> {
  const since = Math.min(Date.parse(manifest.takenAt), options.until?.getTime() ?? Infinity);
  const due = keys.ledger.filter((erasure) => Date.parse(erasure.erasedAt) > since);
  if (due.length === 0) return 0;
  const security = await createSessionSecurity(pool);
  try {
    const deps = routeDepsOf({ pool, eventStore, clock: systemClock, ids: uuidIds, logger: options.logger, security, dataDir: config.DATA_DIR });
    const correlationId = randomUUID();
    for (const erasure of due) await reapplyErasure(deps, erasure.personId, correlationId);
    return due.length;
  } finally {
    await security.close();
  }
}

/**
 * After the rebuild every read model's checkpoint is at the log's end; the reactors' (the mail
 * outbox above all) are moved there too: every e-mail the restored log requested was handled
 * before the backup, and one pending then may have gone out since, so it is marked, not sent.
 * The payment reactor's outbox is left where the backup had it: a capture is idempotent per
 * authorisation at the processor, so an authorisation the restored log records is captured (or
 * found captured) rather than forgotten (decision 0380).
 */
async function reactorsAtTheLogsEnd(pool: Pool): Promise<void> {
  const head = await readLogHead(pool);
  if (head) {
    await pool.query(
      `INSERT INTO projection_checkpoints AS c (name, transaction_id, global_position, updated_at) VALUES ('mail-outbox', $1, $2, now())
       ON CONFLICT (name) DO NOTHING`,
      [head.transactionId, head.position],
    );
    await pool.query('UPDATE projection_checkpoints SET transaction_id = $2, global_position = $3, updated_at = now() WHERE NOT (name = ANY($1))', [
      [...allProjections, paymentCaptureOutboxProjection].map((projection) => projection.name),
      head.transactionId,
      head.position,
    ]);
  }
  await pool.query(
    `UPDATE mail_deliveries SET status = 'failed', last_error = 'not sent after a restore: it may have gone out before the backup''s moment'
      WHERE status IN ('pending', 'sending')`,
  );
}
