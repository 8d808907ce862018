export * from './config/config.js';
export * from './logging/logger.js';
export * from './postgres/pool.js';
export * from './postgres/migrate.js';
export * from './postgres/embedded-postgres.js';
export * from './postgres/free-port.js';
export * from './event-store/event-store.js';
export * from './event-store/postgres-event-store.js';
