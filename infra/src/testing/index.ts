export * from './test-database.js';
export * from '../event-store/event-store.contract.js';
export * from '../runtime/seeded-random.js';
export * from './raw-http.js';
export * from './silenceable-proxy.js';
