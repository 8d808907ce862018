import type { Consumer, KafkaMessage } from 'kafkajs';
import { contextOfTraceparent, decodeEvent, inTransaction, recordGapFills, SpanKind, startSpan, type EventStore, type GapFill, type KafkaTransport, type Logger, type Pool, type SpanContext, type StoredEvent } from '@shop/infra';
import { applyBatchToAll, StreamGapError, type StreamGap } from './apply-batch.js';
import { advanceToApplied, ensureCheckpoints } from './checkpoints.js';
import { applyParkingPoison, everyInterval, retryRequestedStreams } from './parked-streams.js';
import { offsetsToCommit, PartitionQueues, type QueuedBatch } from './partition-queues.js';
import { ProjectionFailedError, type Projection } from './projection.js';
import type { ProjectionStatus } from './projection-runner.js';

/** Where one event was on its way through the feed, epoch ms. */
export interface FeedStages {
  eventId: string;
  /** The relay's send (the Kafka message timestamp). */
  sentAt: number;
  /** The fetch that brought it. */
  fetchedAt: number;
  /** The drain took it from the queue. */
  takenAt: number;
  /** Every projection had committed it. */
  appliedAt: number;
}

/**
 * The projectors' consumer group for an events topic: named after the topic, so two shops whose
 * topics differ never share a group on one cluster (decision 0450), while every projectors process
 * of one shop joins the same group.
 */
export function projectorGroupOf(topic: string): string {
  return `shop-projectors.${topic}`;
}
/** Events queued per partition before its fetching pauses. */
const MAX_QUEUED_PER_PARTITION = 5_000;
/** Events applied per drain transaction at most (whole fetched batches, so a little more). */
const DRAIN_LIMIT = 2_000;

/** What the feed did about streams whose revisions Kafka skipped (decision 0306). */
export interface GapStats {
  /** Gaps found and filled from the event store. */
  filled: number;
  /** Events read from the store to fill them. */
  eventsFilled: number;
  /** Gaps the store could not fill either: the stream was parked for that projection. */
  parked: number;
}

/**
 * Feeds the projections from Kafka as one consumer group: projector processes share the
 * partitions. Each batch is applied to every projection (rows + per-stream revisions in one
 * transaction each; already-applied revisions are skipped), and only then is the offset
 * committed: at least once from Kafka, at most once into the read models. The same transaction
 * moves each projection's checkpoint as far as everything before it is applied (decision 0305),
 * which is what lag, readiness and read-your-writes measure. A stream whose revisions jump is
 * never applied over: the missing events are read from the event store first (decision 0306).
 */
export class KafkaProjectionFeed {
  private consumer: Consumer | null = null;
  private readonly statuses = new Map<string, ProjectionStatus>();
  private stopRetries: (() => void) | null = null;
  private readonly queues = new PartitionQueues(MAX_QUEUED_PER_PARTITION);
  private draining: Promise<void> | null = null;
  /** Offsets commit in order behind the drain, which goes on to the next batch meanwhile. */
  private committing: Promise<void> = Promise.resolve();
  private stopping = false;
  private readonly listeners = new Set<(status: ProjectionStatus, batch: StoredEvent[]) => void>();
  private readonly stageListeners = new Set<(stages: FeedStages[]) => void>();
  readonly gaps: GapStats = { filled: 0, eventsFilled: 0, parked: 0 };

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
    const names = this.projections.map((projection) => projection.name);
    await ensureCheckpoints(this.deps.pool, names);
    const consumer = this.deps.kafka.consumer(this.deps.groupId ?? projectorGroupOf(this.deps.kafka.settings.topic));
    this.consumer = consumer;
    const topic = this.deps.kafka.settings.topic;
    await consumer.connect();
    consumer.on(consumer.events.GROUP_JOIN, (event) => this.queues.clear(event.payload.memberAssignment[topic] ?? []));
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      partitionsConsumedConcurrently: this.deps.kafka.settings.partitions,
      autoCommit: false,
      eachBatchAutoResolve: false,
      // Fetching only queues: the next fetch never waits for the database (decision 0110).
      eachBatch: async ({ batch, resolveOffset, isRunning, isStale }) => {
        if (!isRunning() || isStale() || batch.messages.length === 0) return;
        const back = this.queues.holeBefore(batch.partition, batch.messages[0]!.offset);
        if (back !== null) {
          this.deps.logger.warn({ partition: batch.partition, from: back, fetched: batch.messages[0]!.offset }, `Kafka partition ${batch.partition}: a batch from offset ${batch.messages[0]!.offset} skipped what was dropped at a rejoin; fetching again from ${back}`);
          consumer.seek({ topic, partition: batch.partition, offset: back });
          return;
        }
        const last = batch.messages[batch.messages.length - 1]!;
        const events = batch.messages.map((message) => decodeEvent(message.value));
        const stamps = this.stageListeners.size > 0 ? { fetchedAt: Date.now(), sentAt: batch.messages.map((message) => Number(message.timestamp)) } : {};
        const traces = received(batch.messages, events, topic, batch.partition);
        const tooDeep = this.queues.push({ partition: batch.partition, events, nextOffset: (BigInt(last.offset) + 1n).toString(), ...stamps, ...(traces.length > 0 ? { traces } : {}) });
        resolveOffset(last.offset); // the fetch position, not the commit: that waits for the drain
        if (tooDeep) consumer.pause([{ topic, partitions: [batch.partition] }]);
        this.wakeDrain();
      },
    });
    const { pool, eventStore, logger } = this.deps;
    this.stopRetries = everyInterval(
      1000,
      async () => {
        await retryRequestedStreams(pool, eventStore, this.projections, logger);
        // Batches move the checkpoints; this moves them on when none comes (an event below the read horizon only after the last batch).
        await inTransaction(pool, (client) => advanceToApplied(client, names), { appendsEvents: false });
      },
      (error) => logger.warn({ err: error }, 'retrying parked streams or moving checkpoints failed'),
    );
  }

  private wakeDrain(): void {
    if (this.draining || this.stopping) return;
    this.draining = this.drain().finally(() => {
      this.draining = null;
      if (!this.queues.isEmpty && !this.stopping) this.wakeDrain();
    });
  }

  /**
   * Takes what every partition has queued, applies it to all projections in ONE transaction,
   * then commits each partition's offset (in order, without waiting for it before the next
   * batch: a commit lost in a crash only means kafkajs delivers applied events again, which the
   * revision rows skip). Trouble that is not an event's fault (the database is
   * away) puts the batches back and tries again after a pause; after a rebalance in the meantime
   * kafkajs fetches them again from the committed offsets, so they are dropped instead.
   */
  private async drain(): Promise<void> {
    while (!this.queues.isEmpty && !this.stopping) {
      const generation = this.queues.generation;
      const taken = this.queues.take(DRAIN_LIMIT);
      const events = taken.flatMap((batch) => batch.events);
      const takenAt = Date.now();
      try {
        await this.applyToAll(this.deps.reveal ? await this.deps.reveal(events) : events, taken.flatMap((batch) => batch.traces ?? []));
      } catch (error) {
        this.deps.logger.warn({ err: error }, 'projecting a Kafka batch failed; trying again');
        if (generation === this.queues.generation) this.queues.putBack(taken);
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      if (generation !== this.queues.generation) continue;
      this.queues.markApplied(taken);
      this.reportStages(taken, takenAt);
      this.committing = this.committing
        .then(() => this.commit(taken))
        .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'committing Kafka offsets failed; the messages may come again'));
    }
  }

  private async commit(taken: QueuedBatch[]): Promise<void> {
    const topic = this.deps.kafka.settings.topic;
    const consumer = this.consumer;
    if (!consumer) return;
    // A commit refused mid-rebalance is harmless: the new owner gets the batch again and skips what was applied.
    await consumer.commitOffsets(offsetsToCommit(taken).map((offset) => ({ topic, ...offset }))).catch((error: unknown) => {
      this.deps.logger.warn({ err: error }, 'committing Kafka offsets failed; the messages may come again');
    });
    const paused = new Set(consumer.paused().flatMap((entry) => entry.partitions));
    const resumable = this.queues.shallow().filter((partition) => paused.has(partition));
    if (resumable.length > 0) consumer.resume([{ topic, partitions: resumable }]);
  }

  /**
   * Every projection in one transaction; an event a projection rejects parks its stream for that
   * projection and the batch goes again without it. Any other error is thrown: the offset is not
   * committed, kafkajs delivers the batch again and applied parts are skipped.
   */
  private async applyToAll(events: StoredEvent[], traces: SpanContext[]): Promise<void> {
    const { pool, logger } = this.deps;
    let batch = events;
    // Keyed by gap: a batch that goes again (after parking) fills the same gaps again.
    const fills = new Map<string, GapFill>();
    const { handled } = await applyParkingPoison(pool, logger, async () => {
      for (;;) {
        try {
          return await applyBatchToAll(pool, this.projections, batch, { outOfOrder: true, traces });
        } catch (error) {
          if (!(error instanceof StreamGapError)) throw error;
          batch = await this.filled(batch, error.gaps, fills);
        }
      }
    });
    // Noted once the batch is applied, for the staff health page (decision 0385); the rows are applied whether or not this note is written.
    await recordGapFills(pool, [...fills.values()]).catch((error: unknown) => logger.warn({ err: error }, 'could not note the gaps filled from the event store'));
    for (const projection of this.projections) this.recordProgress(projection.name, batch, handled.get(projection.name) ?? 0);
  }

  /**
   * The batch with each gapped stream's events replaced by the store's, from the first missing
   * revision to the last the batch holds, where the stream's first event was. When the store
   * lacks them too, the stream is parked for that projection (ProjectionFailedError, which
   * applyParkingPoison parks, logs and goes on without).
   */
  private async filled(batch: StoredEvent[], gaps: StreamGap[], fills: Map<string, GapFill>): Promise<StoredEvent[]> {
    const byStream = new Map<string, StreamGap>();
    for (const gap of gaps) if ((byStream.get(gap.streamId)?.from ?? Infinity) > gap.from) byStream.set(gap.streamId, gap);
    let result = batch;
    for (const gap of byStream.values()) {
      const inBatch = result.filter((event) => event.streamId === gap.streamId);
      const upTo = Math.max(...inBatch.map((event) => event.revision));
      const stored = await this.deps.eventStore.readStream(gap.streamId, { fromRevision: gap.from, maxCount: upTo - gap.from + 1 });
      const complete = stored.length === upTo - gap.from + 1 && stored.every((event, i) => event.revision === gap.from + i);
      if (!complete) {
        this.gaps.parked++;
        const missing = `revisions ${gap.from}..${gap.next.revision - 1} of stream ${gap.streamId} are in neither Kafka nor the event store`;
        throw new ProjectionFailedError(gap.projection, gap.next, new Error(missing));
      }
      const at = result.findIndex((event) => event.streamId === gap.streamId);
      const others = result.filter((event) => event.streamId !== gap.streamId);
      const before = result.slice(0, at).filter((event) => event.streamId !== gap.streamId).length;
      result = [...others.slice(0, before), ...stored, ...others.slice(before)];
      const added = stored.length - new Set(inBatch.map((event) => event.revision)).size;
      this.gaps.filled++;
      this.gaps.eventsFilled += added;
      const fill = { projection: gap.projection, streamId: gap.streamId, fromRevision: gap.from, toRevision: gap.next.revision - 1, eventsFilled: added };
      fills.set(`${fill.projection}\n${fill.streamId}\n${fill.fromRevision}`, fill);
      this.deps.logger.warn(
        { streamId: gap.streamId, projection: gap.projection, from: gap.from, to: gap.next.revision - 1 },
        `stream ${gap.streamId}: revisions ${gap.from}..${gap.next.revision - 1} did not come through Kafka; read from the event store`,
      );
    }
    return result;
  }

  private recordProgress(name: string, events: StoredEvent[], handled: number): void {
    const status = this.statuses.get(name)!;
    const last = events[events.length - 1]!;
    status.eventsApplied += handled;
    status.position = Math.max(status.position, last.globalPosition);
    status.lastEventAt = last.metadata.occurredAt;
    status.failure = null;
    for (const listener of this.listeners) listener(status, events);
  }

  /** Called after every committed batch, per projection, as the embedded runner does (metrics, benchmarks). */
  onProgress(listener: (status: ProjectionStatus, batch: StoredEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called after every applied drain with each event's stage times (the lag bench's breakdown).
   * Only while someone listens are the Kafka timestamps kept in the queue.
   */
  onStages(listener: (stages: FeedStages[]) => void): () => void {
    this.stageListeners.add(listener);
    return () => this.stageListeners.delete(listener);
  }

  private reportStages(taken: QueuedBatch[], takenAt: number): void {
    if (this.stageListeners.size === 0) return;
    const appliedAt = Date.now();
    const stages = taken.flatMap((batch) =>
      batch.events.map((event, i) => ({ eventId: event.id, sentAt: batch.sentAt?.[i] ?? NaN, fetchedAt: batch.fetchedAt ?? NaN, takenAt, appliedAt })),
    );
    for (const listener of this.stageListeners) listener(stages);
  }

  allStatuses(): ProjectionStatus[] {
    return [...this.statuses.values()];
  }

  async stop(): Promise<void> {
    this.stopRetries?.();
    this.stopping = true;
    await this.draining;
    await this.committing;
    await this.consumer?.disconnect();
    this.consumer = null;
  }
}

/**
 * A receive span for each message that came with a `traceparent` header (the relay's send span):
 * its child, ended at once, whose context the projection batch that applies the event links
 * (decision 0400). Messages without the header (tracing off at the relay) get none.
 */
function received(messages: KafkaMessage[], events: StoredEvent[], topic: string, partition: number): SpanContext[] {
  const traces: SpanContext[] = [];
  messages.forEach((message, i) => {
    const traceparent = message.headers?.traceparent?.toString();
    if (!traceparent) return;
    const event = events[i]!;
    const span = startSpan(`kafka receive ${event.streamId}`, {
      kind: SpanKind.CONSUMER,
      parent: contextOfTraceparent(traceparent),
      attributes: { 'messaging.system': 'kafka', 'messaging.operation.type': 'receive', 'messaging.destination.name': topic, 'messaging.destination.partition.id': String(partition), 'shop.stream_id': event.streamId, 'shop.revision': event.revision },
    });
    span.end();
    traces.push(span.spanContext());
  });
  return traces;
}
