import { kafkaMetrics, kafkaSecurityOf, KafkaTransport, readKafkaHealth, type EmbeddedConfig, type EventStore, type KafkaHealth, type Logger, type MetricsRegistry, type Pool } from '@shop/infra';
import { kafkaEventCodec } from '@shop/personal-data';
import { allProjections, EventRelay, KafkaProjectionFeed, projectorGroupOf, upgradeOutdated } from '@shop/projectors';
import { hostname } from 'node:os';

/**
 * Scaled topology: each projectors process runs a relay (one active at a time, the others
 * standing by) and joins the projector consumer group. Returns a function that stops both, and
 * the topology's metrics (consumer and relay lag, gaps: decision 0310).
 */
export async function startKafkaProjectors(
  config: EmbeddedConfig,
  deps: { pool: Pool; eventStore: EventStore; logger: Logger },
): Promise<{ stop: () => Promise<void>; metrics: MetricsRegistry }> {
  const transport = (role: string) => kafkaTransportOf(config, role, deps.logger);
  // Personal fields cross Kafka sealed: the relay reads the adapter itself, the consumers open them.
  const codec = kafkaEventCodec(deps.eventStore);
  const relay = new EventRelay({ ...deps, eventStore: codec.relaySource, kafka: transport('relay') });
  const feed = new KafkaProjectionFeed({ pool: deps.pool, eventStore: deps.eventStore, kafka: transport('projector'), logger: deps.logger, reveal: codec.open }, allProjections);
  await relay.start();
  // A relay left running would hold its lock's connection, and the pool's end at a failed start would wait for it for good.
  await feed.start().catch(async (error: unknown) => {
    await feed.stop().catch(() => undefined);
    await relay.stop();
    throw error;
  });
  // Projections an older version built: rebuilt in the background while the feed keeps their old
  // tables following the topic (docs/decisions/0215); one process of the group does it.
  const upgrading = upgradeOutdated(deps, allProjections);
  deps.logger.info({ brokers: config.KAFKA_BROKERS, topic: config.KAFKA_TOPIC }, 'projectors fed through Kafka');
  const metrics = kafkaMetrics({ pool: deps.pool, kafka: transport('metrics'), groupId: projectorGroupOf(config.KAFKA_TOPIC), gaps: () => feed.gaps });
  const stop = async () => {
    await upgrading;
    await feed.stop();
    await relay.stop();
  };
  return { stop, metrics };
}

/** The events topic as the config says, for one role of this process (its client id names it). */
function kafkaTransportOf(config: EmbeddedConfig, role: string, logger: Logger): KafkaTransport {
  return new KafkaTransport(
    {
      brokers: config.KAFKA_BROKERS!,
      topic: config.KAFKA_TOPIC,
      partitions: config.KAFKA_PARTITIONS,
      retentionMs: config.KAFKA_RETENTION_MS,
      replicationFactor: config.KAFKA_REPLICATION_FACTOR,
      minInsyncReplicas: config.KAFKA_MIN_INSYNC_REPLICAS,
      security: kafkaSecurityOf(config),
      clientId: `shop-${role}-${hostname()}-${process.pid}`,
    },
    logger,
  );
}

/**
 * The staff health page's Kafka figures (decision 0385) for a process that serves reads, when the
 * projections are fed through Kafka (KAFKA_BROKERS); null otherwise.
 */
export function kafkaHealthOf(config: EmbeddedConfig, pool: Pool, logger: Logger): (() => Promise<KafkaHealth>) | null {
  if (!config.KAFKA_BROKERS) return null;
  const kafka = kafkaTransportOf(config, 'health', logger);
  return () => readKafkaHealth({ pool, kafka, groupId: projectorGroupOf(config.KAFKA_TOPIC) });
}
