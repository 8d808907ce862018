export * from './shop-metrics.js';
export * from './health.js';
export * from './projection-lag.js';
export * from './event-rate.js';
export * from './observability.js';
export * from './parked-streams.js';
export * from './kafka-metrics.js';
export * from './projection-versions.js';
