export * from './test-database.js';
export * from '../event-store/event-store.contract.js';
export * from './seeded-random.js';
