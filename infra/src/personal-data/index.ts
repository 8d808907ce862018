export * from './key-encryption-keys.js';
export * from './open-key-encryption-keys.js';
export * from './personal-data-keys.js';
export * from './personal-data-protector.js';
export * from './personal-data-purge.js';
export * from './protected-event-store.js';
