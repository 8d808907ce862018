import path from 'node:path';
import type { CommonConfig } from './config.js';

/**
 * Where the key-encryption keys are: PERSONAL_DATA_KEK_FILE, else under DATA_DIR/keys, outside the
 * database's folder. Configuration, not the vault's: the log's signing key lives beside them
 * (decision 0347), and the event store may not import the vault (decision 0475).
 */
export function keyEncryptionKeyFile(config: Pick<CommonConfig, 'DATA_DIR' | 'PERSONAL_DATA_KEK_FILE'>): string {
  return path.resolve(config.PERSONAL_DATA_KEK_FILE ?? path.join(config.DATA_DIR, 'keys', 'personal-data-kek.json'));
}
