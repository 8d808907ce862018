/**
 * The adapters' public surface, named: what the other packages use and nothing else (issue 58
 * item 7). A name another package needs is added here on purpose. The event store's adapters and
 * the personal-data vault are packages of their own (@shop/event-store, @shop/personal-data,
 * decision 0475); infra keeps the store's port (`EventStore` and the types every caller uses).
 */
export {
  ConfigError,
  commonConfigSchema,
  embeddedConfigSchema,
  loadConfig,
  loadRoleConfig,
  notificationsServiceOf,
  shopIdentityConfigSchema,
  shopIdentityOf,
  type CommonConfig,
  type EmbeddedConfig,
} from './config/config.js';
export { keyEncryptionKeyFile } from './config/key-files.js';
export { createLogger, type Logger } from './logging/logger.js';
export {
  createPool,
  inTransaction,
  inTransactionFrom,
  isPoolBusy,
  onClientInTransaction,
  sqlLiteral,
  type Pool,
  type PoolClient,
} from './postgres/pool.js';
export { preparedQuery, preparedStatement } from './postgres/prepared-query.js';
export { keepListening, type Listener, type ListenerOptions } from './postgres/listen-connection.js';
export { type ListenerHeartbeatOptions } from './postgres/listener-heartbeat.js';
export { migrate } from './postgres/migrate.js';
export {
  EmbeddedPostgresError,
  runningEmbeddedPostgresUrl,
  startEmbeddedPostgres,
  type EmbeddedPostgresHandle,
} from './postgres/embedded-postgres.js';
export { freePort } from './postgres/free-port.js';
export {
  ConcurrencyError,
  START,
  type EventStore,
  type GlobalCheckpoint,
  type NewEvent,
  type ReadAllOptions,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
  type WholeLogOptions,
  type AppendResult,
  type EventMetadata,
  type ExpectedRevision,
} from './event-store/event-store.js';
export { nameBasedUuid, systemClock, uuidIds, type Clock, type IdGenerator } from './runtime/clock-and-ids.js';
export { seededRandom } from './runtime/seeded-random.js';
export {
  KafkaTopicMismatchError,
  KafkaTransport,
  decodeEvent,
  encodeEvent,
  kafkaSecurityOf,
} from './kafka/kafka-transport.js';
export {
  canRunLocalKafka,
  startLocalKafka,
  startLocalKafkaCluster,
  type LocalKafka,
  type LocalKafkaNode,
} from './kafka/local-broker.js';
export {
  EmailTakenError,
  LoginThrottle,
  deleteCredentials,
  findCredentialsByEmail,
  findCredentialsByUserId,
  hasPendingToken,
  hashPassword,
  insertCredentials,
  issueToken,
  linkStillOut,
  normalizeEmail,
  peekToken,
  revokeTokens,
  setPasswordHash,
  tokenStatus,
  useToken,
  verifyPassword,
  type TokenPurpose,
} from './accounts/index.js';
export {
  createMailTransport,
  listMailFiles,
  mailDir,
  mailKinds,
  mailProjectOf,
  readMailFile,
  renderMail,
  type MailContext,
  type MailKind,
  type MailTransport,
  type ShopIdentity,
} from './mail/index.js';
export { UploadStorage, type ImageType } from './storage/index.js';
export { SandboxPaymentGateway, type AuthorizeRequest, type PaymentGateway } from './payments/index.js';
export {
  checkpointsReached,
  createObservability,
  createShopMetrics,
  kafkaMetrics,
  readKafkaHealth,
  readLogHead,
  readParkedStreams,
  readProjectionLag,
  readProjectionVersions,
  recordGapFills,
  requestParkedRetry,
  type GapFill,
  type KafkaHealth,
  type MetricsRegistry,
  type ProjectionUpgrade,
} from './metrics/index.js';
export {
  handleCommand,
  handleCommands,
  loadStream,
  type CommandHandlerDeps,
  type CommandContext,
  type CommandResult,
  type DomainEventLike,
  type LoadedStream,
} from './commands/command-handler.js';
export { nextOrderNumber } from './commands/order-numbers.js';
export { StreamStateCache } from './commands/stream-state-cache.js';
export {
  appliedMigrations,
  copyTableIn,
  copyTableOut,
  databaseIsEmpty,
  resetSequences,
  tablesToBackUp,
} from './backup/database-copy.js';
export {
  SpanKind,
  activeTraceparent,
  contextOfTraceparent,
  inSpan,
  parentAndLinks,
  spanContextOf,
  spanTraceparent,
  startSpan,
  traceIdOf,
  type SpanContext,
} from './tracing/tracing.js';
