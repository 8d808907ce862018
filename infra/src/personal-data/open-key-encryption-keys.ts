import path from 'node:path';
import type { CommonConfig } from '../config/config.js';
import { FileKeyEncryptionKeys, useKeyEncryptionKeys } from './key-encryption-keys.js';

/** Where the key-encryption keys are: PERSONAL_DATA_KEK_FILE, else under DATA_DIR/keys, outside the database's folder. */
export function keyEncryptionKeyFile(config: Pick<CommonConfig, 'DATA_DIR' | 'PERSONAL_DATA_KEK_FILE'>): string {
  return path.resolve(config.PERSONAL_DATA_KEK_FILE ?? path.join(config.DATA_DIR, 'keys', 'personal-data-kek.json'));
}

/** The process's key-encryption keys (made on first start), also for readers without an event store at hand. */
export async function openKeyEncryptionKeys(
  config: Pick<CommonConfig, 'DATA_DIR' | 'PERSONAL_DATA_KEK_FILE'> & Partial<Pick<CommonConfig, 'BACKUP_RETENTION_DAYS'>>,
): Promise<FileKeyEncryptionKeys> {
  // Retired generations are kept for the backup retention (decision 0335); a caller without a config keeps none.
  const keys = await FileKeyEncryptionKeys.open(keyEncryptionKeyFile(config), { retentionDays: config.BACKUP_RETENTION_DAYS ?? 0 });
  useKeyEncryptionKeys(keys);
  return keys;
}
