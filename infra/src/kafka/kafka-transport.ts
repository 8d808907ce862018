import { Kafka, logLevel, type Admin, type Consumer, type logCreator, type Producer } from 'kafkajs';
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
      const existing = await admin.listTopics();
      if (existing.includes(topic)) {
        const [found] = (await admin.fetchTopicMetadata({ topics: [topic] })).topics;
        const actual = found?.partitions.length ?? 0;
        if (actual !== partitions) throw new KafkaTopicMismatchError(topic, actual, partitions);
        return;
      }
      await admin.createTopics({
        waitForLeaders: true,
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
    } finally {
      await admin.disconnect();
    }
  }

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
