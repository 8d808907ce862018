import type { KafkaTransport } from '../kafka/kafka-transport.js';
import type { Pool } from '../postgres/pool.js';
import { readProjectionLag, type ProjectionLag } from './projection-lag.js';

/** The relay's row in projection_checkpoints (projectors/src/relay/event-relay.ts). */
const RELAY_CHECKPOINT = 'kafka-relay';

export interface PartitionLag {
  partition: number;
  /** Messages after the group's committed offset (from the log's start where it committed nothing). */
  messages: number;
}

/** How far a consumer group is behind each partition of the transport's topic: end offset minus committed offset. */
export async function readConsumerLag(kafka: KafkaTransport, groupId: string): Promise<PartitionLag[]> {
  const { topic } = kafka.settings;
  const admin = kafka.admin();
  await admin.connect();
  try {
    const ends = await admin.fetchTopicOffsets(topic);
    const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
    const at = new Map(committed?.partitions.map((entry) => [entry.partition, Number(entry.offset)]));
    return ends
      .map((end) => {
        // -1: the group has committed nothing there yet, so everything from the log's start waits.
        const from = (at.get(end.partition) ?? -1) < 0 ? Number(end.low) : at.get(end.partition)!;
        return { partition: end.partition, messages: Math.max(0, Number(end.high) - from) };
      })
      .sort((a, b) => a.partition - b.partition);
  } finally {
    await admin.disconnect();
  }
}

/** How far the relay is behind the event log: events it has not had acknowledged by Kafka, counted as projection lag is. */
export async function readRelayLag(pool: Pool): Promise<Omit<ProjectionLag, 'name'>> {
  const [lag] = await readProjectionLag(pool, [RELAY_CHECKPOINT]);
  return { position: lag?.position ?? 0, lagEvents: lag?.lagEvents ?? 0, lagMs: lag?.lagMs ?? 0 };
}

export interface GapFill {
  projection: string;
  streamId: string;
  fromRevision: number;
  toRevision: number;
  eventsFilled: number;
}

/** Notes a gap the Kafka feed filled from the event store (decision 0385), for the staff health page. */
export async function recordGapFills(pool: Pool, fills: readonly GapFill[]): Promise<void> {
  if (fills.length === 0) return;
  await pool.query(
    `INSERT INTO kafka_gap_fills (projection, stream_id, from_revision, to_revision, events_filled)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[])`,
    [fills.map((f) => f.projection), fills.map((f) => f.streamId), fills.map((f) => f.fromRevision), fills.map((f) => f.toRevision), fills.map((f) => f.eventsFilled)],
  );
}

export interface GapFills {
  /** Gaps filled since the database was made, by every projectors process. */
  total: number;
  eventsFilled: number;
  /** The newest ones, newest first. */
  recent: Array<GapFill & { filledAt: string }>;
}

export async function readGapFills(pool: Pool, recent = 10): Promise<GapFills> {
  const [totals, rows] = await Promise.all([
    pool.query<{ total: string; events: string | null }>('SELECT count(*) AS total, sum(events_filled) AS events FROM kafka_gap_fills'),
    pool.query<{ projection: string; stream_id: string; from_revision: number; to_revision: number; events_filled: number; filled_at: Date }>(
      'SELECT projection, stream_id, from_revision, to_revision, events_filled, filled_at FROM kafka_gap_fills ORDER BY id DESC LIMIT $1',
      [recent],
    ),
  ]);
  return {
    total: Number(totals.rows[0]?.total ?? 0),
    eventsFilled: Number(totals.rows[0]?.events ?? 0),
    recent: rows.rows.map((row) => ({
      projection: row.projection,
      streamId: row.stream_id,
      fromRevision: row.from_revision,
      toRevision: row.to_revision,
      eventsFilled: row.events_filled,
      filledAt: row.filled_at.toISOString(),
    })),
  };
}

export interface KafkaHealth {
  topic: string;
  /** null when the brokers could not be asked (`consumerLagError` says why): the page still shows the rest. */
  consumerLag: PartitionLag[] | null;
  consumerLagError: string | null;
  relay: Omit<ProjectionLag, 'name'>;
  gapFills: GapFills;
}

/** The scaled topology's figures for the staff health page (decision 0385): any query-api process reads them. */
export async function readKafkaHealth(options: { pool: Pool; kafka: KafkaTransport; groupId: string }): Promise<KafkaHealth> {
  const [consumer, relay, gapFills] = await Promise.all([
    readConsumerLag(options.kafka, options.groupId).then(
      (lag) => ({ lag, error: null }),
      (error: unknown) => ({ lag: null, error: error instanceof Error ? error.message : String(error) }),
    ),
    readRelayLag(options.pool),
    readGapFills(options.pool),
  ]);
  return { topic: options.kafka.settings.topic, consumerLag: consumer.lag, consumerLagError: consumer.error, relay, gapFills };
}
