/**
 * What a reader of the event log needs and nothing of the servers around it: the pool, the
 * event store's types, checking what it reads. Opening stored events (decrypt, upcast) is the
 * vault's and the event store's (@shop/personal-data, @shop/event-store, decision 0475).
 */
export { type Pool, type PoolClient } from './postgres/pool.js';
export { START, type EventStore, type GlobalCheckpoint, type StoredEvent } from './event-store/event-store.js';
export { exactCheck, plainSchema } from './validation/exact-check.js';
