import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { KafkaTopicMismatchError, KafkaTransport } from '@shop/infra';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { sharedTestKafka, type TestKafka } from '../../support/kafka.js';
import { startRole } from '../../support/processes.js';

/**
 * The events topic is made as configured (decision 0309), and a process that finds it with
 * another partition count than KAFKA_PARTITIONS stops at start, saying so in one line: keys would
 * map to other partitions than the ones it reads.
 */
let kafka: TestKafka | null;
let db: TestDatabase;
beforeAll(async () => {
  kafka = await sharedTestKafka();
  db = await createTestDatabase(inject('adminDatabaseUrl'));
}, 300_000);
afterAll(async () => {
  await db?.drop();
  await kafka?.stop();
});

/** kafkajs's ConfigResourceTypes.TOPIC (the tests package does not depend on kafkajs itself). */
const TOPIC_RESOURCE = 2;

const transport = (topic: string, partitions: number) =>
  new KafkaTransport({ brokers: kafka!.brokers, topic, partitions, retentionMs: 3_600_000, clientId: 'topic-settings', replicationFactor: 1, minInsyncReplicas: 1 });

describe('the events topic', () => {
  it('puts a keyed message in the partition the relay computes for its key (the relay sends each partition on its own, decision 0372)', async (context) => {
    if (!kafka) return context.skip();
    const topic = `partition-of-${randomUUID().slice(0, 8)}`;
    const events = transport(topic, 4);
    await events.ensureTopic();
    const producer = events.producer();
    await producer.connect();
    try {
      const keys = Array.from({ length: 24 }, () => `project-${randomUUID()}`);
      for (const key of keys) {
        const [written] = await producer.send({ topic, acks: -1, messages: [{ key, value: 'x' }] });
        expect(written!.partition, key).toBe(events.partitionOf(key));
      }
      expect(new Set(keys.map((key) => events.partitionOf(key))).size).toBeGreaterThan(1);
    } finally {
      await producer.disconnect();
    }
  });

  it('is created with the configured partitions, retention and min.insync.replicas', async (context) => {
    if (!kafka) return context.skip();
    const topic = `settings-${randomUUID().slice(0, 8)}`;
    const events = transport(topic, 3);
    await events.ensureTopic();
    const admin = events.admin();
    await admin.connect();
    try {
      const [metadata] = (await admin.fetchTopicMetadata({ topics: [topic] })).topics;
      expect(metadata!.partitions).toHaveLength(3);
      const { resources } = await admin.describeConfigs({ includeSynonyms: false, resources: [{ type: TOPIC_RESOURCE, name: topic, configNames: ['retention.ms', 'min.insync.replicas'] }] });
      const entries = Object.fromEntries(resources[0]!.configEntries.map((entry) => [entry.configName, entry.configValue]));
      expect(entries).toEqual({ 'retention.ms': '3600000', 'min.insync.replicas': '1' });
    } finally {
      await admin.disconnect();
    }
    // Made again with the same settings: nothing to do.
    await expect(transport(topic, 3).ensureTopic()).resolves.toBeUndefined();
    await expect(transport(topic, 5).ensureTopic()).rejects.toBeInstanceOf(KafkaTopicMismatchError);
  });

  it('stops a projectors process at start, in one line, when its partition count differs from KAFKA_PARTITIONS', async (context) => {
    if (!kafka) return context.skip();
    const topic = `mismatch-${randomUUID().slice(0, 8)}`;
    await transport(topic, 4).ensureTopic();
    const env = {
      DATABASE_URL: db.url,
      KAFKA_BROKERS: kafka.brokers,
      KAFKA_TOPIC: topic,
      KAFKA_PARTITIONS: '2',
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'shop-mismatch-')),
    };
    const started = await startRole('projectors', env).then(
      async (process) => {
        await process.stop();
        return 'started';
      },
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(started).toMatch(/^projectors exited with 1:/);
    const said = started.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('{'));
    expect(said).toEqual([
      'projectors exited with 1:',
      `Kafka topic ${topic} has 4 partitions but KAFKA_PARTITIONS is 2: set KAFKA_PARTITIONS=4 (a changed partition count moves streams between partitions; see README "Scaled topology")`,
    ]);
  }, 180_000);
});
