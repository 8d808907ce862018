import { z } from 'zod';

/**
 * Configuration is parsed once per process from the environment, with one zod schema
 * per process. A bad value stops the process with a message naming the variable.
 */

const optionalUrl = (description: string) => z.string().url().optional().describe(description);

/** Settings every process shares. */
export const commonConfigSchema = z.object({
  DATA_DIR: z.string().min(1).default('./.data').describe('Folder for embedded PostgreSQL data, uploads and outgoing mail'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .describe('External PostgreSQL; unset starts an embedded one under DATA_DIR'),
  DATABASE_POOL_WAIT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(5000)
    .describe('How long a request waits for a free database connection before the shop answers 503 busy with Retry-After'),
  KAFKA_BROKERS: z
    .string()
    .regex(/^[^,\s]+:\d+(,[^,\s]+:\d+)*$/, 'must be host:port[,host:port...]')
    .optional()
    .describe('Kafka bootstrap brokers; set to relay events through Kafka'),
  KAFKA_TOPIC: z.string().regex(/^[a-zA-Z0-9._-]+$/).default('shop-events').describe('Topic the relay publishes events to'),
  KAFKA_PARTITIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(6)
    .describe('Partitions of the events topic; a process finding the topic with another count stops at start'),
  KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(10).default(1).describe('Copies of each partition of the events topic when it is created'),
  KAFKA_MIN_INSYNC_REPLICAS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10)
    .default(1)
    .describe('Copies that must hold an event before the broker acknowledges it (the relay sends with acks=all)'),
  KAFKA_RETENTION_MS: z.coerce
    .number()
    .int()
    .min(-1)
    .default(7 * 24 * 60 * 60 * 1000)
    .describe('Retention of the events topic (-1 keeps forever); the event store stays the source of truth'),
  KAFKA_TLS: z.enum(['on', 'off']).default('off').describe('on: connect to the brokers over TLS'),
  KAFKA_TLS_CA_FILE: z.string().min(1).optional().describe('PEM file of the CA that signed the brokers\' certificates (system CAs when unset)'),
  KAFKA_SASL_MECHANISM: z.enum(['plain', 'scram-sha-256', 'scram-sha-512']).optional().describe('SASL mechanism for the brokers (with KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD)'),
  KAFKA_SASL_USERNAME: z.string().min(1).optional().describe('SASL user name for the brokers'),
  KAFKA_SASL_PASSWORD: z.string().min(1).optional().describe('SASL password for the brokers'),
  EVENTSTORE_URL: z
    .string()
    .regex(/^(esdb|kurrentdb|esdb\+discover|kurrentdb\+discover):\/\//, 'must be an esdb:// connection string')
    .optional()
    .describe('EventStoreDB connection string; set to use it instead of the PostgreSQL event store'),
  PERSONAL_DATA_KEK_FILE: z
    .string()
    .min(1)
    .optional()
    .describe('File of the key-encryption keys that wrap personal data keys (default DATA_DIR/keys/personal-data-kek.json); keep it out of database backups'),
  BACKUP_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3650)
    .default(35)
    .describe('How long key generations retired by an erasure purge are kept so older backups still restore (docs/operations.md); 0 destroys them with the purge'),
  PERSONAL_DATA_PURGE_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(24 * 60)
    .default(15)
    .describe('At most one purge of erased personal data from disk per this many minutes (and one at shutdown)'),
  LOG_SEAL_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(24 * 60)
    .default(60)
    .describe('The event log is sealed by a signed digest at most once per this many minutes when it grew (and at shutdown); key in log-signing-key.pem beside the key-encryption keys'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('Log level'),
});

export const httpConfigSchema = commonConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('HTTP port'),
  PUBLIC_URL: optionalUrl('Public base URL used in e-mailed links (default http://localhost:PORT); https makes the session cookies Secure'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, 'must be true, false, a hop count, or addresses/subnets/names such as loopback,10.0.0.0/8')
    .default('loopback')
    .transform(trustProxyValue)
    .describe("Express 'trust proxy': which proxies in front may set X-Forwarded-For/-Proto (client address for login throttling, https)"),
  CSP_ALLOW_ORIGINS: z
    .string()
    .regex(/^https?:\/\/[\w.-]+(:\d+)?(\s*,\s*https?:\/\/[\w.-]+(:\d+)?)*$/, 'must be origins such as https://faq.example.com,https://analytics.example.com (scheme, host and port only)')
    .optional()
    .transform((value) => (value ?? '').split(',').map((origin) => origin.trim()).filter(Boolean))
    .describe('Other origins the pages may load scripts, images, frames and API calls from (an analytics or FAQ host); unset allows only this one'),
});

/** 'true'/'false' and hop counts as Express wants them; anything else is its list of addresses. */
function trustProxyValue(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

export const mailConfigSchema = z.object({
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .describe('SMTP server; unset writes mail as .eml files under DATA_DIR/mail'),
  MAIL_FROM: z.string().min(3).default('Soft Furnishings Shop <shop@localhost>').describe('From address of outgoing mail'),
});

/** Who the shop's mail says it comes from; staff's mail previews show the same (query-api). */
export const shopIdentityConfigSchema = z.object({
  SHOP_NAME: z.string().min(1).max(200).default('Soft Furnishings Shop').describe('The shop\'s name, in every e-mail'),
  SHOP_ADDRESS: z.string().min(1).max(500).default('100 Main Street, Springfield, IL 62701, USA').describe('The shop\'s postal address, at the foot of every e-mail'),
  MAIL_REPLY_TO: z.string().email().default('orders@soft-furnishings.example').describe('Where replies to the shop\'s e-mail go; shown in every e-mail'),
});

/** The shop's name, address and reply address, as the mail templates take them. */
export function shopIdentityOf(config: z.infer<typeof shopIdentityConfigSchema>): { name: string; address: string; replyTo: string } {
  return { name: config.SHOP_NAME, address: config.SHOP_ADDRESS, replyTo: config.MAIL_REPLY_TO };
}

export const staffConfigSchema = z.object({
  STAFF_EMAIL: z.string().email().optional().describe('Ensures an active staff account with this e-mail at start'),
  STAFF_PASSWORD: z.string().min(8).optional().describe('Password of the STAFF_EMAIL account'),
});

export const notificationsConfigSchema = z.object({
  NOTIFICATIONS_URL: optionalUrl('External content service for banner notifications; unset serves the shop\'s own (set with NOTIFICATIONS_TOKEN)'),
  NOTIFICATIONS_TOKEN: z.string().min(1).optional().describe('Bearer credential for NOTIFICATIONS_URL'),
});

export const readConfigSchema = z.object({
  READ_YOUR_WRITES_WAIT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(2000)
    .describe("How long a read waits for the read models to show its own session's writes (0: does not wait)"),
});

export const liveConfigSchema = z.object({
  LIVE_MAX_STREAMS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(2000)
    .describe('Live update streams (GET /api/live/) one query-api process holds open at most; more answer 429'),
});

/** The embedded single-process shop needs everything. */
export const embeddedConfigSchema = httpConfigSchema.merge(mailConfigSchema).merge(shopIdentityConfigSchema).merge(staffConfigSchema).merge(notificationsConfigSchema).merge(readConfigSchema).merge(liveConfigSchema);

/**
 * One schema per role of the scaled topology: a process checks only the settings it uses, so a
 * query-api host is not stopped by (or silently given) an SMTP setting it never reads.
 * command-api serves HTTP and ensures the staff account; query-api serves HTTP, may read the
 * external notifications service and waits for sessions' writes; projectors send mail with links to PUBLIC_URL.
 */
export const roleConfigSchemas = {
  command: httpConfigSchema.merge(staffConfigSchema),
  query: httpConfigSchema.merge(notificationsConfigSchema).merge(readConfigSchema).merge(liveConfigSchema).merge(shopIdentityConfigSchema),
  projectors: commonConfigSchema.merge(mailConfigSchema).merge(shopIdentityConfigSchema).extend({
    PUBLIC_URL: httpConfigSchema.shape.PUBLIC_URL,
    // Its /healthz, /readyz and /metrics (decision 0307); any free port unless given, so two on one host never clash.
    PORT: z.coerce.number().int().min(0).max(65535).default(0).describe('HTTP port of a projectors process\'s /healthz, /readyz and /metrics (0: any free port)'),
  }),
} as const;
export type ConfigRole = keyof typeof roleConfigSchemas;

/**
 * The settings of the given roles, checked with their schemas only; the settings no role of this
 * process uses keep their defaults (they are not read from the environment at all).
 */
export function loadRoleConfig(roles: readonly ConfigRole[], env: NodeJS.ProcessEnv = process.env): EmbeddedConfig {
  const defaults = loadConfig(embeddedConfigSchema, {});
  const checked = roles.map((role) => loadConfig(roleConfigSchemas[role], env));
  return Object.assign(defaults, ...checked) as EmbeddedConfig;
}
export type EmbeddedConfig = z.infer<typeof embeddedConfigSchema>;
export type CommonConfig = z.infer<typeof commonConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment with a schema; empty strings count as unset. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return parsed.data;
}

/** The external notifications service when both variables are set; one without the other is a mistake. */
export function notificationsServiceOf(config: z.infer<typeof notificationsConfigSchema>): { url: string; token: string } | null {
  const { NOTIFICATIONS_URL: url, NOTIFICATIONS_TOKEN: token } = config;
  if (url && token) return { url, token };
  if (url || token) throw new ConfigError([`${url ? 'NOTIFICATIONS_TOKEN' : 'NOTIFICATIONS_URL'}: required when ${url ? 'NOTIFICATIONS_URL' : 'NOTIFICATIONS_TOKEN'} is set`]);
  return null;
}
