import type { Consumer } from 'kafkajs';
import { decodeEvent, type EventStore, type KafkaTransport, type Logger, type Pool, type StoredEvent } from '@shop/infra';
import { applyBatchToAll } from './apply-batch.js';
import { applyParkingPoison, everyInterval, retryRequestedStreams } from './parked-streams.js';
import type { Projection } from './projection.js';
import type { ProjectionStatus } from './projection-runner.js';

export const PROJECTOR_GROUP = 'shop-projectors';

/**
 * Feeds the projections from Kafka as one consumer group: projector processes share the
 * partitions. Each batch is applied to every projection (rows + per-stream revisions in one
 * transaction each; already-applied revisions are skipped), and only then is the offset
 * committed: at least once from Kafka, at most once into the read models.
 */
export class KafkaProjectionFeed {
  private consumer: Consumer | null = null;
  private readonly statuses = new Map<string, ProjectionStatus>();
  private stopRetries: (() => void) | null = null;

  constructor(
    private readonly deps: {
      pool: Pool;
      /** Where a parked stream's missing events are read from when staff retry it. */
      eventStore: EventStore;
      kafka: KafkaTransport;
      logger: Logger;
      groupId?: string;
      /** Opens sealed personal fields: the topic carries events as stored (docs/decisions/0160). */
      reveal?: (events: StoredEvent[]) => Promise<StoredEvent[]>;
    },
    readonly projections: readonly Projection[],
  ) {
    for (const projection of projections) {
      this.statuses.set(projection.name, { name: projection.name, checkpoint: null, position: 0, lastEventAt: null, eventsApplied: 0, failure: null });
    }
  }

  async start(): Promise<void> {
    await this.deps.kafka.ensureTopic();
    const consumer = this.deps.kafka.consumer(this.deps.groupId ?? PROJECTOR_GROUP);
    this.consumer = consumer;
    await consumer.connect();
    await consumer.subscribe({ topic: this.deps.kafka.settings.topic, fromBeginning: true });
    await consumer.run({
      // Partitions are independent (a stream lives in one): each is applied as soon as it arrives,
      // never waiting behind a slower one.
      partitionsConsumedConcurrently: this.deps.kafka.settings.partitions,
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: async ({ batch, heartbeat, isRunning, isStale }) => {
        if (!isRunning() || isStale() || batch.messages.length === 0) return;
        const decoded = batch.messages.map((message) => decodeEvent(message.value));
        await this.applyToAll(this.deps.reveal ? await this.deps.reveal(decoded) : decoded);
        const last = batch.messages[batch.messages.length - 1]!;
        await consumer.commitOffsets([{ topic: batch.topic, partition: batch.partition, offset: (BigInt(last.offset) + 1n).toString() }]);
        await heartbeat();
      },
    });
    const { pool, eventStore, logger } = this.deps;
    this.stopRetries = everyInterval(1000, () => retryRequestedStreams(pool, eventStore, this.projections, logger), (error) =>
      logger.warn({ err: error }, 'retrying parked streams failed'),
    );
  }

  /**
   * Every projection in one transaction; an event a projection rejects parks its stream for that
   * projection and the batch goes again without it. Any other error is thrown: the offset is not
   * committed, kafkajs delivers the batch again and applied parts are skipped.
   */
  private async applyToAll(events: StoredEvent[]): Promise<void> {
    const { pool, logger } = this.deps;
    const handled = await applyParkingPoison(pool, logger, () => applyBatchToAll(pool, this.projections, events));
    for (const projection of this.projections) this.recordProgress(projection.name, events, handled.get(projection.name) ?? 0);
  }

  private recordProgress(name: string, events: StoredEvent[], handled: number): void {
    const status = this.statuses.get(name)!;
    const last = events[events.length - 1]!;
    status.eventsApplied += handled;
    status.position = Math.max(status.position, last.globalPosition);
    status.lastEventAt = last.metadata.occurredAt;
    status.failure = null;
  }

  allStatuses(): ProjectionStatus[] {
    return [...this.statuses.values()];
  }

  async stop(): Promise<void> {
    this.stopRetries?.();
    await this.consumer?.disconnect();
    this.consumer = null;
  }
}
