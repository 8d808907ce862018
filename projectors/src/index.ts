/** The projectors' public surface, named (issue 58 item 7): what the server, the analysts' package and the tests use. */
export { eachEvent, type Projection } from './runner/projection.js';
export { ProjectionRunner, type ProjectionStatus } from './runner/projection-runner.js';
export { applyBatch, applyBatchToAll } from './runner/apply-batch.js';
export { allProjections, bulkProjections, readModelMigrationDirs } from './read-models/all.js';
export { KafkaProjectionFeed, projectorGroupOf, type FeedStages } from './runner/kafka-projection-feed.js';
export { EventRelay } from './relay/event-relay.js';
export { loadCatalogue } from './read-models/index.js';
export {
  createShadowTables,
  rebuildAll,
  rebuildInOnePass,
  rebuildsTidied,
  replayInto,
  stagingTablesSql,
  type BulkProjection,
  type TableRow,
} from './rebuild/index.js';
export {
  PaymentCapturer,
  paymentCaptureOutboxProjection,
  startMailReactor,
  startPaymentReactor,
  type PaymentReactorDeps,
} from './reactors/index.js';
export { openCliDatabase } from './cli/cli-database.js';
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
