export * from './runner/projection.js';
export * from './runner/projection-runner.js';
export * from './runner/apply-batch.js';
export * from './runner/checkpoints.js';
export * from './read-models/all.js';
export * from './runner/kafka-projection-feed.js';
export * from './relay/event-relay.js';
