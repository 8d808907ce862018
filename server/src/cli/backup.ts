import { existsSync } from 'node:fs';
import path from 'node:path';
import { commonConfigSchema, keyEncryptionKeyFile, loadConfig, runningEmbeddedPostgresUrl, startEmbeddedPostgres, type CommonConfig } from '@shop/infra';
import { logSigningKeyFile } from '@shop/event-store';
import { FileKeyEncryptionKeys } from '@shop/personal-data';
import { CliUsageError, parseCliArgs } from '@shop/projectors';
import { fileSha256 } from '../backup/bundle.js';
import { takeKeysBackup, writeKeysBackup } from '../backup/keys-bundle.js';
import { takeBackup } from '../backup/take-backup.js';
import { runCli } from './run-cli.js';

const USAGE = 'usage: npm run backup -- [--out FILE] [--keys-out FILE]   (at least one; keep the two files apart)';

/**
 * `npm run backup -- --out FILE`: the database and uploads in one bundle, read in one snapshot while
 * the shop runs or is stopped (docs/operations.md, decision 0337). `--keys-out FILE`: the
 * key-encryption keys and the erasure ledger, mode 0600, in a file of their own (decision 0335).
 */
async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseCliArgs(argv, ['out', 'keys-out'], USAGE);
  const out = values.out;
  const keysOut = values['keys-out'];
  if ((!out && !keysOut) || positionals.length > 0) throw new CliUsageError(USAGE);
  if (out && keysOut && path.resolve(out) === path.resolve(keysOut)) throw new CliUsageError(`--out and --keys-out must be two files: keys and data are kept apart\n${USAGE}`);
  const config = loadConfig(commonConfigSchema);
  if (out) await backUpData(config, out);
  if (keysOut) await backUpKeys(config, keysOut);
}

async function backUpData(config: CommonConfig, out: string): Promise<void> {
  if (config.EVENTSTORE_URL) throw new Error('EVENTSTORE_URL is set: npm run backup copies the PostgreSQL event store only');
  const database = await openSource(config);
  try {
    const manifest = await takeBackup(database.url, path.resolve(config.DATA_DIR, 'uploads'), out);
    console.log(
      `Backup written to ${out}: the shop as of ${manifest.takenAt}, ${manifest.log.events} events (log position ${manifest.log.lastPosition ?? 'none'}), ` +
        `${manifest.uploads} uploads; it needs key generation${manifest.keyGenerations.length === 1 ? '' : 's'} ${manifest.keyGenerations.join(', ') || '(none)'}; sha256 ${await fileSha256(out)}`,
    );
  } finally {
    await database.stop();
  }
}

/** DATABASE_URL; else the running shop's embedded PostgreSQL (read through it); else the stopped one, started for the copy. */
async function openSource(config: CommonConfig): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => undefined };
  const dataDir = path.resolve(config.DATA_DIR, 'postgres');
  const running = await runningEmbeddedPostgresUrl(dataDir);
  if (running) {
    console.log('The shop holds the database: reading it through its running PostgreSQL, in one snapshot.');
    return { url: running, stop: async () => undefined };
  }
  if (!existsSync(path.join(dataDir, 'cluster', 'PG_VERSION'))) throw new Error(`no shop database under ${dataDir}: set DATA_DIR (or DATABASE_URL) to the shop's`);
  const embedded = await startEmbeddedPostgres({ dataDir });
  return { url: embedded.databaseUrl, stop: embedded.stop };
}

async function backUpKeys(config: CommonConfig, keysOut: string): Promise<void> {
  const file = keyEncryptionKeyFile(config);
  if (!existsSync(file)) throw new Error(`no key file at ${file}: set PERSONAL_DATA_KEK_FILE (or DATA_DIR) to the shop's`);
  const keks = await FileKeyEncryptionKeys.existing(file);
  const backup = await takeKeysBackup(keks, logSigningKeyFile(config), new Date());
  await writeKeysBackup(keysOut, backup);
  const generations = Object.keys(backup.keys).length + Object.keys(backup.kept).length;
  console.log(
    `Keys written to ${keysOut} (mode 0600): ${generations} key generation${generations === 1 ? '' : 's'} (current ${backup.current}) and ${backup.ledger.length} erasure${backup.ledger.length === 1 ? '' : 's'} in the ledger${backup.logSigningKey ? ', with the log-signing key' : ''}. Keep it apart from the data backups.`,
  );
}

runCli(main);
