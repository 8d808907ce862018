import { constants } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { readErasureLedger, type FileKeyEncryptionKeys, type KeptKey, type LedgerErasure } from '@shop/personal-data';

export const KEYS_FORMAT = 'soft-furnishings-shop-keys';

/**
 * A keys backup (decisions 0335, 0336): every key-encryption key generation the shop holds (in use
 * and kept for the backup retention) and the erasure ledger, in a file of its own (mode 0600),
 * never inside a data bundle.
 */
export interface KeysBackup {
  format: typeof KEYS_FORMAT;
  version: 1;
  takenAt: string;
  current: string;
  keys: Record<string, string>;
  kept: Record<string, KeptKey>;
  ledger: LedgerErasure[];
  /**
   * The key that signs the log's digests (decision 0347), when the shop has one: a restored shop
   * signs on with it, so the digests in the restored log still verify under the key auditors kept.
   */
  logSigningKey?: string;
}

export async function takeKeysBackup(keks: FileKeyEncryptionKeys, signingKeyFile: string, now: Date): Promise<KeysBackup> {
  const generations = await keks.generations();
  const ledger = await readErasureLedger(keks.ledgerPath);
  const logSigningKey = existsSync(signingKeyFile) ? await readFile(signingKeyFile, 'utf8') : undefined;
  return { format: KEYS_FORMAT, version: 1, takenAt: now.toISOString(), ...generations, ledger, ...(logSigningKey ? { logSigningKey } : {}) };
}

/** Written beside, synced, renamed over: a failed write leaves no half file. */
export async function writeKeysBackup(file: string, backup: KeysBackup): Promise<void> {
  const next = `${file}.partial`;
  const handle = await open(next, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC, 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(backup)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(next, file).catch(async (error: unknown) => {
    await rm(next, { force: true });
    throw error;
  });
}

export class KeysFileError extends Error {
  override name = 'KeysFileError';
}

export async function readKeysBackup(file: string): Promise<KeysBackup> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new KeysFileError(`cannot read the keys file ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });
  let backup: Partial<KeysBackup>;
  try {
    backup = JSON.parse(text) as Partial<KeysBackup>;
  } catch {
    throw new KeysFileError(`${file} is not a keys backup (not JSON)`);
  }
  if (backup.format !== KEYS_FORMAT || backup.version !== 1 || typeof backup.keys !== 'object' || !Array.isArray(backup.ledger)) {
    throw new KeysFileError(`${file} is not a keys backup of this shop (make one with npm run backup -- --keys-out FILE)`);
  }
  return { ...backup, kept: backup.kept ?? {} } as KeysBackup;
}

/** The key of generation `id` in a keys backup, in use or kept. */
export function generationIn(backup: KeysBackup, id: string): string | undefined {
  return backup.keys[id] ?? backup.kept[id]?.key;
}
