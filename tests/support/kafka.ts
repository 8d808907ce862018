import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { canRunLocalKafka, startLocalKafka, startLocalKafkaCluster, type LocalKafka, type LocalKafkaNode } from '@shop/infra';
import { restartSharedKafka, sharedLocalKafka, sharedLocalKafkaStarted } from './shared-kafka.js';

export interface TestKafka {
  brokers: string;
  /** Stops and restarts the broker on the same data (only for a broker we started). */
  restart: (() => Promise<void>) | null;
  stop: () => Promise<void>;
}

/**
 * A real broker of its own, for the benchmarks (tests/bench): KAFKA_BROKERS when given, else a local KRaft broker started from
 * Kafka's Maven jars when Java and Maven are here, else null (the caller skips, loudly).
 */
export async function startTestKafka(): Promise<TestKafka | null> {
  if (process.env.KAFKA_BROKERS) return { brokers: process.env.KAFKA_BROKERS, restart: null, stop: async () => undefined };
  if (!(await canRunLocalKafka())) {
    console.warn('\n!!! Kafka tests SKIPPED: no KAFKA_BROKERS and no java+mvn to start a local broker !!!\n');
    return null;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-kafka-'));
  let broker: LocalKafka = await startLocalKafka({ dataDir });
  return {
    brokers: broker.brokers,
    restart: async () => {
      await broker.stop();
      broker = await startLocalKafka({ dataDir });
    },
    stop: async () => {
      await broker.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A real broker that the test file shares with the other Kafka test files of the run: KAFKA_BROKERS
 * when given, else one local broker started by the first file that asks (tests/support/shared-kafka.ts),
 * else null (the caller skips, loudly). The files keep to topics (and so consumer groups) of their
 * own. Its `stop` leaves the broker to the run's teardown.
 */
export async function sharedTestKafka(): Promise<TestKafka | null> {
  if (process.env.KAFKA_BROKERS) return { brokers: process.env.KAFKA_BROKERS, restart: null, stop: async () => undefined };
  const dir = inject('sharedKafkaDir');
  // A broker an earlier file started says Java and Maven are here (asking Maven starts a JVM).
  if (!sharedLocalKafkaStarted(dir) && !(await canRunLocalKafka())) {
    console.warn('\n!!! Kafka tests SKIPPED: no KAFKA_BROKERS and no java+mvn to start a local broker !!!\n');
    return null;
  }
  return { brokers: await sharedLocalKafka(dir), restart: () => restartSharedKafka(dir), stop: async () => undefined };
}

export interface TestKafkaCluster {
  brokers: string;
  nodes: LocalKafkaNode[];
  stop: () => Promise<void>;
}

/**
 * A local KRaft cluster of `size` brokers that the test may stop one by one, or null (the caller
 * skips, loudly) without java+mvn. KAFKA_BROKERS is not used: a test cannot stop a broker it did
 * not start.
 */
export async function startTestKafkaCluster(size: number): Promise<TestKafkaCluster | null> {
  if (!(await canRunLocalKafka())) {
    console.warn(`\n!!! Kafka cluster tests SKIPPED: no java+mvn to start ${size} local brokers !!!\n`);
    return null;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-kafka-cluster-'));
  const cluster = await startLocalKafkaCluster({ dataDir, size });
  return {
    brokers: cluster.brokers,
    nodes: cluster.nodes,
    stop: async () => {
      await cluster.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
