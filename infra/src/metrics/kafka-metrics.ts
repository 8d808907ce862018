import { Gauge, Registry } from 'prom-client';
import type { KafkaTransport } from '../kafka/kafka-transport.js';
import type { Pool } from '../postgres/pool.js';
import { readConsumerLag, readRelayLag } from './kafka-health.js';

/** A prom-client registry, for composition roots that do not depend on prom-client themselves. */
export type MetricsRegistry = Registry;

/** What the Kafka feed counted about gaps in streams (decision 0306). */
export interface GapCounts {
  filled: number;
  eventsFilled: number;
  parked: number;
}

/**
 * The scaled topology's own metrics, read at scrape time (decision 0310): the projector group's
 * lag per partition (the topic's end offset minus the group's committed offset), how far the relay
 * is behind the event log, and the gaps the feed filled from the store or parked. Parked streams
 * themselves are on every process's /metrics already (`projection_parked_streams`).
 */
export function kafkaMetrics(options: { pool: Pool; kafka: KafkaTransport; groupId: string; gaps: () => GapCounts }): Registry {
  const registry = new Registry();
  new Gauge({
    name: 'kafka_consumer_lag_messages',
    help: 'Messages in each partition of the events topic the projector group has not committed yet',
    labelNames: ['partition'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const lag of await readConsumerLag(options.kafka, options.groupId)) this.set({ partition: String(lag.partition) }, lag.messages);
    },
  });
  const relayLag = () => readRelayLag(options.pool);
  new Gauge({
    name: 'kafka_relay_lag_events',
    help: 'Events in the log the relay has not had acknowledged by Kafka yet',
    registers: [registry],
    async collect() {
      this.set((await relayLag()).lagEvents);
    },
  });
  new Gauge({
    name: 'kafka_relay_lag_seconds',
    help: 'How long the oldest event the relay has not had acknowledged has waited',
    registers: [registry],
    async collect() {
      this.set((await relayLag()).lagMs / 1000);
    },
  });
  const counted = (name: string, help: string, pick: (gaps: GapCounts) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(pick(options.gaps()));
      },
    });
  counted('kafka_stream_gaps_filled_total', 'Gaps in a stream this process filled from the event store', (gaps) => gaps.filled);
  counted('kafka_stream_gap_events_filled_total', 'Events this process read from the event store to fill gaps', (gaps) => gaps.eventsFilled);
  counted('kafka_stream_gaps_parked_total', 'Gaps the event store could not fill either: the stream was parked', (gaps) => gaps.parked);
  return registry;
}
