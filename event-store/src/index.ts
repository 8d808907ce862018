/**
 * The event store's adapters (issue 58 item 7, decision 0475): PostgreSQL and EventStoreDB behind
 * infra's `EventStore` port, the log's pages and read-ahead, the upcasting wrapper and the log's
 * hash chain (seal, verify, restore records). It never opens personal data: sealed appends come
 * in already sealed (`PostgresEventStore.appendWithPersonalData`), and the vault wraps the store.
 */
export { PostgresEventStore } from './postgres-event-store.js';
export { EventStoreDbEventStore } from './eventstoredb-event-store.js';
export { readPage, storedEventOfRaw, type KnownStream, type RawEvent } from './log-pages.js';
export { UpcastingEventStore, eventsAsRead, upcastAll } from './upcasting-event-store.js';
export {
  LogSigningKey,
  copyFirstCoveringDigestsIn,
  copyFirstCoveringDigestsOut,
  digestForAuditor,
  digestStatement,
  logNeedsSeal,
  logSigningKeyFile,
  prepareFirstCoveringDigestsIn,
  readLogPublicKey,
  readNewestDigest,
  recordRestore,
  sealLog,
  verifyLog,
  verifySignature,
  type LogDigest,
  type LogVerification,
} from './log-chain/index.js';
