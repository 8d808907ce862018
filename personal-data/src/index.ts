/**
 * The personal-data vault (issue 58 item 7, decision 0475): field cipher, data keys and
 * key-encryption keys, the protected store that seals on the way in and opens on the way out,
 * purge and erasure, and the composition that wraps the event store in it (`openEventStore`,
 * `storedEventOpener`, `kafkaEventCodec`).
 */
export {
  FileKeyEncryptionKeys,
  appendErasure,
  erasureLedgerFile,
  readErasureLedger,
  unwrapWith,
  useKeyEncryptionKeys,
  type KeptKey,
  type KeyEncryptionKeys,
  type LedgerErasure,
} from './key-encryption-keys.js';
export { openKeyEncryptionKeys } from './open-key-encryption-keys.js';
export { PersonalDataKeys } from './personal-data-keys.js';
export { bindKeyEncryptionKeys, duringErasure, purgeNeeded, purgePersonalData } from './personal-data-purge.js';
export { ProtectedEventStore } from './protected-event-store.js';
export {
  EventStoreDbRefused,
  kafkaEventCodec,
  openEventStore,
  personalDataKeysOf,
  protectPersonalData,
  refuseEventStoreDb,
} from './open-event-store.js';
export { storedEventOpener, type StoredEventOpener } from './stored-event-opener.js';
