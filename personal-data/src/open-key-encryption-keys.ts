import { keyEncryptionKeyFile, type CommonConfig } from '@shop/infra';
import { FileKeyEncryptionKeys, useKeyEncryptionKeys } from './key-encryption-keys.js';

/** The process's key-encryption keys (made on first start), also for readers without an event store at hand. */
export async function openKeyEncryptionKeys(
  config: Pick<CommonConfig, 'DATA_DIR' | 'PERSONAL_DATA_KEK_FILE'> & Partial<Pick<CommonConfig, 'BACKUP_RETENTION_DAYS'>>,
): Promise<FileKeyEncryptionKeys> {
  // Retired generations are kept for the backup retention (decision 0335); a caller without a config keeps none.
  const keys = await FileKeyEncryptionKeys.open(keyEncryptionKeyFile(config), { retentionDays: config.BACKUP_RETENTION_DAYS ?? 0 });
  useKeyEncryptionKeys(keys);
  return keys;
}
