import { readFileSync } from 'node:fs';
import { Kafka, logLevel, Partitioners, type Admin, type Consumer, type KafkaConfig, type logCreator, type PartitionMetadata, type Producer, type SASLOptions } from 'kafkajs';
import { ConfigError } from '../config/config.js';
import type { StoredEvent } from '../event-store/event-store.js';
import type { Logger } from '../logging/logger.js';

export interface KafkaSettings {
  brokers: string;
  topic: string;
  partitions: number;
  retentionMs: number;
  clientId: string;
  /** Copies of each partition (1 when not given: a single broker). */
  replicationFactor?: number;
  /** Copies that must have a message before acks=all acknowledges it (1 when not given). */
  minInsyncReplicas?: number;
  /** TLS and SASL towards the brokers (decision 0311); plaintext without. */
  security?: KafkaSecurity;
}

export interface KafkaSecurity {
  tls: boolean;
  /** PEM file of the brokers' CA; the system's CAs when not given. */
  caFile?: string;
  sasl?: { mechanism: 'plain' | 'scram-sha-256' | 'scram-sha-512'; username: string; password: string };
}

/**
 * The Kafka security settings of the shop's config (KAFKA_TLS, KAFKA_TLS_CA_FILE, KAFKA_SASL_*). SASL
 * needs all three of its settings; half of them is a mistake said at start, not a plaintext login.
 */
export function kafkaSecurityOf(config: {
  KAFKA_TLS: 'on' | 'off';
  KAFKA_TLS_CA_FILE?: string;
  KAFKA_SASL_MECHANISM?: 'plain' | 'scram-sha-256' | 'scram-sha-512';
  KAFKA_SASL_USERNAME?: string;
  KAFKA_SASL_PASSWORD?: string;
}): KafkaSecurity {
  const { KAFKA_SASL_MECHANISM: mechanism, KAFKA_SASL_USERNAME: username, KAFKA_SASL_PASSWORD: password } = config;
  const given = [mechanism, username, password].filter((value) => value !== undefined).length;
  if (given !== 0 && given !== 3) throw new ConfigError(['KAFKA_SASL_MECHANISM, KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD go together: set all three or none']);
  return {
    tls: config.KAFKA_TLS === 'on',
    ...(config.KAFKA_TLS_CA_FILE ? { caFile: config.KAFKA_TLS_CA_FILE } : {}),
    ...(mechanism && username && password ? { sasl: { mechanism, username, password } } : {}),
  };
}

/** kafkajs's `ssl` and `sasl` options for `security`. */
export function kafkaClientSecurity(security: KafkaSecurity | undefined): Pick<KafkaConfig, 'ssl' | 'sasl'> {
  if (!security) return {};
  const ssl = security.caFile ? { ca: [readFileSync(security.caFile, 'utf8')] } : security.tls;
  return { ...(security.tls || security.caFile ? { ssl } : {}), ...(security.sasl ? { sasl: security.sasl as SASLOptions } : {}) };
}

/**
 * The events topic exists with another partition count than configured: keys would map to other
 * partitions than the ones the running processes read (decision 0309). The process stops with this
 * one line rather than start on it.
 */
export class KafkaTopicMismatchError extends Error {
  constructor(topic: string, actual: number, configured: number) {
    super(
      `Kafka topic ${topic} has ${actual} partitions but KAFKA_PARTITIONS is ${configured}: set KAFKA_PARTITIONS=${actual} ` +
        `(a changed partition count moves streams between partitions; see README "Scaled topology")`,
    );
    this.name = 'KafkaTopicMismatchError';
  }
}

/**
 * kafkajs wiring for the events topic. Messages are keyed by stream id, so one stream's
 * events stay in one partition, in revision order.
 */
export class KafkaTransport {
  private readonly kafka: Kafka;

  /** Without a logger kafkajs stays silent (tests, benchmarks); with one its warnings and errors go there. */
  constructor(
    readonly settings: KafkaSettings,
    logger?: Logger,
  ) {
    this.kafka = new Kafka({
      clientId: settings.clientId,
      brokers: settings.brokers.split(','),
      ...kafkaClientSecurity(settings.security),
      logLevel: logger ? logLevel.WARN : logLevel.NOTHING,
      ...(logger ? { logCreator: kafkaLogsInto(logger.child({ component: 'kafkajs' })) } : {}),
      retry: { retries: 8, initialRetryTime: 200, maxRetryTime: 5000 },
    });
  }

  /**
   * Creates the topic with the configured partitions, replication, min.insync.replicas and
   * retention unless it exists; an existing topic with another partition count is refused
   * (KafkaTopicMismatchError).
   */
  async ensureTopic(): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const { topic, partitions } = this.settings;
      if (!(await admin.listTopics()).includes(topic)) {
        // Not kafkajs's waitForLeaders: in a KRaft cluster it asks a broker that may not know the new
        // topic yet and gives up on its UNKNOWN_TOPIC_OR_PARTITION (a projectors process died at start
        // so); topicPartitions below waits that out. Another process making it first is no error.
        await admin.createTopics({
          waitForLeaders: false,
          topics: [
            {
              topic,
              numPartitions: partitions,
              replicationFactor: this.settings.replicationFactor ?? 1,
              configEntries: [
                { name: 'retention.ms', value: String(this.settings.retentionMs) },
                { name: 'min.insync.replicas', value: String(this.settings.minInsyncReplicas ?? 1) },
              ],
            },
          ],
        });
      }
      const actual = await topicPartitions(admin, topic);
      if (actual !== partitions) throw new KafkaTopicMismatchError(topic, actual, partitions);
    } finally {
      await admin.disconnect();
    }
  }

  /**
   * The partition of a stream's key, as kafkajs's default partitioner (murmur2, as the Java
   * client) gives it for the configured partition count: what every message keyed so has gone to.
   */
  partitionOf(key: string): number {
    const partitionMetadata = Array.from({ length: this.settings.partitions }, (_, partitionId) => ({ partitionId, leader: 0 }) as PartitionMetadata);
    return this.partitioner({ topic: this.settings.topic, partitionMetadata, message: { key, value: null } });
  }

  private readonly partitioner = Partitioners.DefaultPartitioner();

  /** Idempotent producer: broker-side dedupe of its own retries within a session. */
  producer(): Producer {
    return this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
  }

  /** The cluster's admin client (operator tools and the fault tests; the caller connects it). */
  admin(): Admin {
    return this.kafka.admin();
  }

  consumer(groupId: string): Consumer {
    return this.kafka.consumer({ groupId, allowAutoTopicCreation: false, sessionTimeout: 10_000, heartbeatInterval: 1000 });
  }
}

/**
 * The topic's partition count once the cluster's metadata shows a leader for each of them. A topic
 * just made is unknown to some brokers for a moment (retriable errors, leaders -1): that is waited
 * out, up to `timeoutMs`.
 */
async function topicPartitions(admin: Admin, topic: string, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const [found] = (await admin.fetchTopicMetadata({ topics: [topic] })).topics;
      if (found && found.partitions.length > 0 && found.partitions.every((partition) => partition.leader >= 0)) return found.partitions.length;
    } catch (error) {
      if (!(error as { retriable?: boolean }).retriable || Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error(`Kafka topic ${topic} has no leader for each partition after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function encodeEvent(event: StoredEvent): { key: string; value: string } {
  return { key: event.streamId, value: JSON.stringify(event) };
}

export function decodeEvent(value: Buffer | null): StoredEvent {
  if (!value) throw new Error('Kafka message without a value');
  return JSON.parse(value.toString('utf8')) as StoredEvent;
}

/** kafkajs log entries as pino lines, at the matching level, with kafkajs's own fields. */
function kafkaLogsInto(logger: Logger): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      const { message, timestamp: _timestamp, logger: _name, ...fields } = log;
      const method = level === logLevel.ERROR ? 'error' : level === logLevel.WARN ? 'warn' : level === logLevel.INFO ? 'info' : 'debug';
      logger[method]({ namespace, ...fields }, message);
    };
}
