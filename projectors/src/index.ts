export * from './runner/projection.js';
export * from './runner/projection-runner.js';
export * from './runner/apply-batch.js';
export * from './runner/checkpoints.js';
export * from './read-models/all.js';
export * from './runner/kafka-projection-feed.js';
export * from './relay/event-relay.js';
export * from './read-models/index.js';
export * from './rebuild/index.js';
export * from './reactors/index.js';
export * from './cli/cli-database.js';
export { CliUsageError, parseCliArgs, parseInstant } from './cli/args.js';
export type { CatchUpReplayPolicy } from './runner/catch-up-replay.js';
export { upgradeOutdated, type BackgroundOutcome } from './runner/background-rebuild.js';
export { ProjectionVersionFenceError, refuseNewerProjectionVersions } from './runner/projection-versions.js';
// The project-flow folds and the shop's calendar day, shared with the analysts' reports (@shop/analytics).
export {
  daysBetween,
  flowStep,
  funnelStepRows,
  mainProductType,
  NO_PRODUCT_TYPE,
  stretchMeasures,
  type FunnelCounts,
  type ProjectFlow,
  type Stretch,
} from './read-models/project-flow/flow.js';
export { shopDay } from './read-models/revenue/queries.js';
