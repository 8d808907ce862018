export * from './personal-data-keys.js';
export * from './personal-data-protector.js';
export * from './protected-event-store.js';
