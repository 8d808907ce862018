export * from './upcasters.js';
export * from './domain-events.js';
