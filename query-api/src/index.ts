export * from './app.js';
export * from './deps.js';
export * from './read-your-writes.js';
export type { AppliedBatch } from './projection-progress.js';
export { LiveHub, type LiveHubOptions } from './live/live-hub.js';
