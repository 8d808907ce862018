/**
 * What a reader of the event log needs and nothing of the servers around it: the pool, the
 * checkpoint types, opening stored events (decrypt, upcast). Rebuild worker threads import this
 * instead of the package's index, which loads HTTP, Kafka, mail and both event stores: half a
 * second of start-up per worker (docs/decisions/0100).
 */
export * from './postgres/pool.js';
export * from './event-store/event-store.js';
export * from './event-store/stored-event-opener.js';
export { eventsAsRead } from './event-store/upcasting-event-store.js';
export * from './validation/exact-check.js';
export { FileKeyEncryptionKeys, processKeyEncryptionKeys, useKeyEncryptionKeys } from './personal-data/key-encryption-keys.js';
