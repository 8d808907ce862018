import { createLogger, embeddedConfigSchema, loadConfig } from '@shop/infra';
import { CliUsageError, parseCliArgs } from '@shop/projectors';
import { readBundle } from '../backup/bundle.js';
import { generationIn, readKeysBackup } from '../backup/keys-bundle.js';
import { restoreBackup } from '../backup/restore-backup.js';
import { runCli } from './run-cli.js';

const USAGE = 'usage: npm run restore -- --from FILE --keys KEYSFILE [--until TIME]   or   npm run restore -- --verify FILE [--keys KEYSFILE]';

/**
 * `npm run restore -- --from FILE --keys KEYSFILE [--until TIME]` into an empty DATA_DIR (or the
 * empty database DATABASE_URL names); `--verify FILE` checks a bundle without restoring
 * (docs/operations.md, decisions 0335-0338).
 */
async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseCliArgs(argv, ['from', 'keys', 'until', 'verify'], USAGE);
  if (positionals.length > 0) throw new CliUsageError(USAGE);
  if (values.verify) {
    if (values.from || values.until) throw new CliUsageError(`--verify checks a bundle alone: no --from or --until\n${USAGE}`);
    return verify(values.verify, values.keys);
  }
  if (!values.from || !values.keys) throw new CliUsageError(USAGE);
  const until = values.until === undefined ? undefined : parseTime(values.until);
  const config = loadConfig(embeddedConfigSchema);
  const summary = await restoreBackup({ from: values.from, keys: values.keys, until, config, logger: createLogger('warn', 'restore'), say: (line) => console.log(line) });
  console.log(`Restored: ${summary.events} events, ${summary.uploads} uploads, ${summary.erasuresReapplied} erasures re-applied. Start the shop on DATA_DIR ${config.DATA_DIR}; then take a new keys backup (npm run backup -- --keys-out FILE).`);
}

/** Every entry read and checked against the manifest's checksums; with --keys, whether they open it. */
async function verify(file: string, keysFile: string | undefined): Promise<void> {
  const manifest = await readBundle(file, async () => undefined);
  console.log(
    `${file} is whole: the shop as of ${manifest.takenAt}, ${manifest.log.events} events, ${manifest.tables.length} tables, ${manifest.uploads} uploads, every checksum matches; ` +
      `it needs key generation${manifest.keyGenerations.length === 1 ? '' : 's'} ${manifest.keyGenerations.join(', ') || '(none)'}.`,
  );
  if (!keysFile) return;
  const keys = await readKeysBackup(keysFile);
  const missing = manifest.keyGenerations.filter((id) => generationIn(keys, id) === undefined);
  if (missing.length > 0) throw new Error(`${keysFile} lacks key generation ${missing.join(', ')}: this pair does not restore`);
  console.log(`${keysFile} holds every key generation it needs.`);
}

function parseTime(value: string): Date {
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw new CliUsageError(`--until must be an ISO time such as 2026-03-31T18:00:00Z\n${USAGE}`);
  return time;
}

runCli(main);
