/**
 * What a reader of the event log needs and nothing of the servers around it: the pool, the
 * event store's types, opening stored events (decrypt, upcast).
 */
export * from './postgres/pool.js';
export * from './event-store/event-store.js';
export * from './event-store/stored-event-opener.js';
export { eventsAsRead } from './event-store/upcasting-event-store.js';
export * from './validation/exact-check.js';
export { FileKeyEncryptionKeys, processKeyEncryptionKeys, useKeyEncryptionKeys } from './personal-data/key-encryption-keys.js';
