import path from 'node:path';
import type { CommonConfig } from '../config/config.js';
import { FileKeyEncryptionKeys, useKeyEncryptionKeys } from './key-encryption-keys.js';

/** Where the key-encryption keys are: PERSONAL_DATA_KEK_FILE, else under DATA_DIR/keys, outside the database's folder. */
export function keyEncryptionKeyFile(config: Pick<CommonConfig, 'DATA_DIR' | 'PERSONAL_DATA_KEK_FILE'>): string {
  return path.resolve(config.PERSONAL_DATA_KEK_FILE ?? path.join(config.DATA_DIR, 'keys', 'personal-data-kek.json'));
}

/** The process's key-encryption keys (made on first start), also for readers without an event store at hand. */
export async function openKeyEncryptionKeys(config: Pick<CommonConfig, 'DATA_DIR' | 'PERSONAL_DATA_KEK_FILE'>): Promise<FileKeyEncryptionKeys> {
  const keys = await FileKeyEncryptionKeys.open(keyEncryptionKeyFile(config));
  useKeyEncryptionKeys(keys);
  return keys;
}
