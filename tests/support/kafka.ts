import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { canRunLocalKafka, startLocalKafka, type LocalKafka } from '@shop/infra';

export interface TestKafka {
  brokers: string;
  /** Stops and restarts the broker on the same data (only for a broker we started). */
  restart: (() => Promise<void>) | null;
  stop: () => Promise<void>;
}

/**
 * A real broker for tests: KAFKA_BROKERS when given, else a local KRaft broker started from
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
