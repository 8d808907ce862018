/**
 * What a reader of the event log needs and nothing of the servers around it: the pool, the
 * event store's types, opening stored events (decrypt, upcast).
 */
export { type Pool, type PoolClient } from './postgres/pool.js';
export { START, type EventStore, type GlobalCheckpoint, type StoredEvent } from './event-store/event-store.js';
export { eventsAsRead } from './event-store/upcasting-event-store.js';
export { exactCheck, plainSchema } from './validation/exact-check.js';
export { FileKeyEncryptionKeys, processKeyEncryptionKeys, useKeyEncryptionKeys } from './personal-data/key-encryption-keys.js';
