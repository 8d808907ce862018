import { z } from 'zod';

/**
 * Configuration is parsed once per process from the environment, with one zod schema
 * per process. A bad value stops the process with a message naming the variable.
 */

const optionalUrl = (description: string) => z.string().url().optional().describe(description);

const MOST_SEALED_OPENING_THREADS = 16;

/** Settings every process shares. */
export const commonConfigSchema = z.object({
  DATA_DIR: z.string().min(1).default('./.data').describe('Folder for embedded PostgreSQL data, uploads and outgoing mail'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .describe('External PostgreSQL; unset starts an embedded one under DATA_DIR'),
  KAFKA_BROKERS: z
    .string()
    .regex(/^[^,\s]+:\d+(,[^,\s]+:\d+)*$/, 'must be host:port[,host:port...]')
    .optional()
    .describe('Kafka bootstrap brokers; set to relay events through Kafka'),
  KAFKA_TOPIC: z.string().regex(/^[a-zA-Z0-9._-]+$/).default('shop-events').describe('Topic the relay publishes events to'),
  KAFKA_PARTITIONS: z.coerce.number().int().min(1).max(1000).default(6).describe('Partitions of the events topic when it is created'),
  KAFKA_RETENTION_MS: z.coerce
    .number()
    .int()
    .min(-1)
    .default(7 * 24 * 60 * 60 * 1000)
    .describe('Retention of the events topic (-1 keeps forever); the event store stays the source of truth'),
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
  SEALED_OPENING_THREADS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of worker threads (0: sealed log pages are opened on the reading thread only)')
    .transform(Number)
    // A page is cut in chunks of 16 values: more threads than this have nothing to claim, and a typo must not start hundreds.
    .pipe(z.number().max(MOST_SEALED_OPENING_THREADS, `must be at most ${MOST_SEALED_OPENING_THREADS} worker threads`))
    .optional()
    .describe('Worker threads that open sealed log pages beside the reading thread (0: the reading thread alone); unset: one fewer than the cores, at least one, at most three (decision 0266)'),
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
  HOT_READS: z
    .enum(['on', 'off'])
    .default('on')
    .describe("on: a customer's project list, detail, checkout and timeline reads are served on plain node:http in front of Express, same answers (decision 0253); off: all through Express"),
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
export const embeddedConfigSchema = httpConfigSchema.merge(mailConfigSchema).merge(staffConfigSchema).merge(notificationsConfigSchema).merge(readConfigSchema).merge(liveConfigSchema);

/**
 * One schema per role of the scaled topology: a process checks only the settings it uses, so a
 * query-api host is not stopped by (or silently given) an SMTP setting it never reads.
 * command-api serves HTTP and ensures the staff account; query-api serves HTTP, may read the
 * external notifications service and waits for sessions' writes; projectors send mail with links to PUBLIC_URL.
 */
export const roleConfigSchemas = {
  command: httpConfigSchema.merge(staffConfigSchema),
  query: httpConfigSchema.merge(notificationsConfigSchema).merge(readConfigSchema).merge(liveConfigSchema),
  projectors: commonConfigSchema.merge(mailConfigSchema).extend({ PUBLIC_URL: httpConfigSchema.shape.PUBLIC_URL }),
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
export type HttpConfig = z.infer<typeof httpConfigSchema>;

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
