/**
 * The adapters' public surface, named: what the other packages use and nothing else (issue 58
 * item 7). A name another package needs is added here on purpose.
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
export { PostgresEventStore } from './event-store/postgres-event-store.js';
export { readPage, storedEventOfRaw, type KnownStream, type RawEvent } from './event-store/log-pages.js';
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
  EventStoreDbRefused,
  kafkaEventCodec,
  openEventStore,
  personalDataKeysOf,
  protectPersonalData,
  refuseEventStoreDb,
} from './event-store/open-event-store.js';
export { storedEventOpener, type StoredEventOpener } from './event-store/stored-event-opener.js';
export { UpcastingEventStore, eventsAsRead } from './event-store/upcasting-event-store.js';
export {
  LogSigningKey,
  copyFirstCoveringDigestsIn,
  copyFirstCoveringDigestsOut,
  digestForAuditor,
  digestStatement,
  logNeedsSeal,
  logSigningKeyFile,
  prepareFirstCoveringDigestsIn,
  readLogPublicKey,
  readNewestDigest,
  recordRestore,
  sealLog,
  verifyLog,
  verifySignature,
  type LogDigest,
  type LogVerification,
} from './event-store/log-chain/index.js';
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
  FileKeyEncryptionKeys,
  PersonalDataKeys,
  ProtectedEventStore,
  appendErasure,
  bindKeyEncryptionKeys,
  duringErasure,
  erasureLedgerFile,
  keyEncryptionKeyFile,
  openKeyEncryptionKeys,
  purgeNeeded,
  purgePersonalData,
  readErasureLedger,
  unwrapWith,
  useKeyEncryptionKeys,
  type KeptKey,
  type KeyEncryptionKeys,
  type LedgerErasure,
} from './personal-data/index.js';
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
