import { contextOfTraceparent, inTransaction, SpanKind, spanTraceparent, startSpan, type EventStore, type GlobalCheckpoint, type KafkaTransport, type Logger, type Pool, type PoolClient, type StoredEvent, type Subscription } from '@shop/infra';
import { encodeEvent } from '@shop/infra';
import type { Producer } from 'kafkajs';
import { loadCheckpoint, saveCheckpoint } from '../runner/checkpoints.js';

const RELAY_CHECKPOINT = 'kafka-relay';
// Any constant shared by every relay process; only the holder of this lock publishes.
const RELAY_LOCK_KEY = 7_351_001;

export interface EventRelayStatus {
  active: boolean;
  published: number;
  lastPosition: number;
}

/** How often the relay stores how far Kafka has acknowledged (not between batches: that would hold the next read). */
const CHECKPOINT_EVERY_MS = 250;

/**
 * Publishes every event, in the event store's global order, to the Kafka topic keyed by
 * stream id. The checkpoint only ever names batches Kafka acknowledged (acks=all), so a crash
 * or a broker outage loses nothing. It is written every CHECKPOINT_EVERY_MS rather than after
 * each batch, so publishing never waits on it; a crash republishes what was acknowledged since
 * the last write, which consumers drop by stream revision. Several relay processes
 * may run: a PostgreSQL advisory lock makes one active and the others wait as standbys.
 */
export class EventRelay {
  private subscription: Subscription | null = null;
  private lockClient: PoolClient | null = null;
  private standbyTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  readonly status: EventRelayStatus = { active: false, published: 0, lastPosition: 0 };

  constructor(
    private readonly deps: { pool: Pool; eventStore: EventStore; kafka: KafkaTransport; logger: Logger; batchSize?: number },
  ) {}

  async start(): Promise<void> {
    await this.deps.kafka.ensureTopic();
    await this.tryToLead();
  }

  private async tryToLead(): Promise<void> {
    if (this.stopped) return;
    const client = await this.deps.pool.connect();
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [RELAY_LOCK_KEY]);
    if (!rows[0]?.locked) {
      client.release();
      const retry = () => this.tryToLead().catch((error: unknown) => this.deps.logger.error({ err: error }, 'relay standby failed'));
      this.standbyTimer = setTimeout(() => void retry(), 2000);
      return;
    }
    this.lockClient = client;
    this.status.active = true;
    const producer = this.producerSession();
    const from = await loadCheckpoint(this.deps.pool, RELAY_CHECKPOINT);
    const checkpoints = this.periodicCheckpoint();
    const subscription = this.deps.eventStore.subscribeToAll({
      from,
      batchSize: this.deps.batchSize ?? 500,
      onBatch: async (batch) => {
        const sends = batch.map((event) => sendSpan(event, this.deps.kafka.settings.topic));
        try {
          await producer.send(batch.map((event, i) => withTraceHeader(encodeEvent(event), sends[i])));
        } finally {
          for (const span of sends) span?.end();
        }
        const last = batch[batch.length - 1]!;
        checkpoints.acknowledged(last.checkpoint);
        this.status.published += batch.length;
        this.status.lastPosition = last.globalPosition;
      },
      onError: (error) => this.deps.logger.warn({ err: error }, 'relay could not publish a batch; retrying'),
    });
    this.subscription = {
      stop: async () => {
        await subscription.stop();
        await checkpoints.stop();
        await producer.close();
      },
    };
  }

  /**
   * The relay's producer, replaced by a new one after any failed send. An idempotent producer whose
   * send failed midway (a broker lost, leaders moving) may no longer agree with the brokers on its
   * sequence numbers: kafkajs then gets OUT_OF_ORDER_SEQUENCE_NUMBER on every later send and never
   * recovers (kafkajs issue 598), so the relay would stall for good. A new producer gets a new
   * producer id and numbers from zero. The batch is sent again whole; whatever of it the old
   * producer did get written comes twice, which consumers drop by stream revision.
   */
  private producerSession(): { send: (messages: Array<{ key: string; value: string; headers?: { traceparent: string } }>) => Promise<void>; close: () => Promise<void> } {
    const { kafka, logger } = this.deps;
    let current: Producer | null = null;
    const close = async () => {
      const closing = current;
      current = null;
      await closing?.disconnect().catch((error: unknown) => logger.warn({ err: error }, 'relay producer did not disconnect cleanly'));
    };
    return {
      send: async (messages) => {
        if (!current) {
          const fresh = kafka.producer();
          await fresh.connect();
          current = fresh;
        }
        const producer = current;
        try {
          // One send per partition: a send that spans brokers and is retried after a leader moved
          // skips the partitions now led by a broker that had already answered, and reports
          // success (kafkajs's sendMessages keeps answered brokers across retries; decision 0372).
          await Promise.all(
            [...byPartition(messages, (key) => kafka.partitionOf(key))].map(([partition, group]) =>
              producer.send({ topic: kafka.settings.topic, acks: -1, messages: group.map((message) => ({ ...message, partition })) }),
            ),
          );
        } catch (error) {
          await close();
          throw error;
        }
      },
      close,
    };
  }

  /** Writes the newest acknowledged position on a timer, one write at a time (never going back). */
  private periodicCheckpoint(): { acknowledged: (checkpoint: GlobalCheckpoint) => void; stop: () => Promise<void> } {
    let unsaved: GlobalCheckpoint | null = null;
    let writing: Promise<void> = Promise.resolve();
    const flush = () => {
      writing = writing.then(async () => {
        const checkpoint = unsaved;
        if (!checkpoint) return;
        unsaved = null;
        await inTransaction(this.deps.pool, (tx) => saveCheckpoint(tx, RELAY_CHECKPOINT, checkpoint), { appendsEvents: false }).catch((error: unknown) => {
          unsaved ??= checkpoint; // tried again at the next tick
          this.deps.logger.warn({ err: error }, 'relay could not store its checkpoint; retrying');
        });
      });
      return writing;
    };
    const timer = setInterval(() => void flush(), CHECKPOINT_EVERY_MS);
    return {
      acknowledged: (checkpoint) => {
        unsaved = checkpoint;
      },
      stop: async () => {
        clearInterval(timer);
        await flush();
      },
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.standbyTimer) clearTimeout(this.standbyTimer);
    await this.subscription?.stop();
    if (this.lockClient) {
      await this.lockClient.query('SELECT pg_advisory_unlock($1)', [RELAY_LOCK_KEY]).catch(() => undefined);
      this.lockClient.release();
      this.lockClient = null;
    }
    this.status.active = false;
  }
}

type SendSpan = ReturnType<typeof startSpan>;

/**
 * An event appended under a trace gets a send span, the child of its append, whose context goes
 * into the message's `traceparent` header (decision 0400). An event without one (appended with
 * tracing off) gets neither: the relay adds no work per event then.
 */
function sendSpan(event: StoredEvent, topic: string): SendSpan | undefined {
  if (!event.metadata.traceparent) return undefined;
  return startSpan(`kafka send ${event.streamId}`, {
    kind: SpanKind.PRODUCER,
    parent: contextOfTraceparent(event.metadata.traceparent),
    attributes: { 'messaging.system': 'kafka', 'messaging.operation.type': 'send', 'messaging.destination.name': topic, 'shop.stream_id': event.streamId, 'shop.revision': event.revision },
  });
}

function withTraceHeader<M extends { key: string; value: string }>(message: M, span: SendSpan | undefined): M & { headers?: { traceparent: string } } {
  const traceparent = span ? spanTraceparent(span) : undefined;
  return traceparent ? { ...message, headers: { traceparent } } : message;
}

/** Messages grouped by the partition of their key, each group in its order. */
function byPartition<M extends { key: string }>(messages: M[], partitionOf: (key: string) => number): Map<number, M[]> {
  const groups = new Map<number, M[]>();
  for (const message of messages) {
    const partition = partitionOf(message.key);
    const group = groups.get(partition);
    if (group) group.push(message);
    else groups.set(partition, [message]);
  }
  return groups;
}
