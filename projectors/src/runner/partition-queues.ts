import type { SpanContext, StoredEvent } from '@shop/infra';

/** Messages of one partition fetched but not applied yet, with the offset to commit once they are. */
export interface QueuedBatch {
  partition: number;
  events: StoredEvent[];
  /** The offset after the batch's last message: what Kafka stores as "consumed up to". */
  nextOffset: string;
  /** When it was fetched, epoch ms: the lag bench splits an event's way into stages by it. */
  fetchedAt?: number;
  /** Each message's Kafka timestamp (the relay's send), epoch ms, in the order of `events`. */
  sentAt?: number[];
  /** The receive spans of its messages that came with a trace context: the projection batch links them (decision 0400). */
  traces?: SpanContext[];
}

/**
 * The Kafka feed's fetched-but-not-applied messages, a bounded queue per partition. Fetching only
 * adds to it, so it never waits on the database; the drain takes what every partition has, in
 * order per partition (a stream lives in one partition, so per-stream order holds across the
 * merge). A generation number tells a drain that a rebalance emptied the queues under it.
 */
export class PartitionQueues {
  private readonly queues = new Map<number, QueuedBatch[]>();
  private readonly depths = new Map<number, number>();
  /** Per partition, the offset the next fetched batch must start at (or before) for nothing to be skipped. */
  private readonly expected = new Map<number, bigint>();
  /** Per partition, the offset after the last batch every projection has applied. */
  private readonly applied = new Map<number, bigint>();
  /** Per partition, where a hole already sent the consumer back to (so a second one there is not chased). */
  private readonly soughtTo = new Map<number, bigint>();
  generation = 0;

  constructor(private readonly maxDepth: number) {}

  /**
   * Where the consumer must go back to instead of taking a batch that starts at `firstOffset`, or
   * null to take it. A batch may start later than the partition's queue ends only by a hole:
   * kafkajs can hand over a batch fetched before a rejoin after the rejoin emptied the queues
   * (a fetcher of another broker was mid-batch when a lost broker's fetcher rejoined the group),
   * and taking it would move the fetch position past the batches the rejoin dropped, so they
   * would never come again (decision 0373). Offsets removed by retention make a hole that going
   * back cannot close: the second hole at the same place is taken, and the gap fill of decision
   * 0306 reads those events from the store.
   */
  holeBefore(partition: number, firstOffset: string): string | null {
    const expected = this.expected.get(partition);
    const first = BigInt(firstOffset);
    if (expected === undefined || first <= expected || this.soughtTo.get(partition) === expected) return null;
    this.soughtTo.set(partition, expected);
    return expected.toString();
  }

  /** Adds a fetched batch; true when its partition is now too deep and should be paused. */
  push(batch: QueuedBatch): boolean {
    const end = BigInt(batch.nextOffset);
    if (end > (this.expected.get(batch.partition) ?? -1n)) this.expected.set(batch.partition, end);
    const queue = this.queues.get(batch.partition) ?? [];
    queue.push(batch);
    this.queues.set(batch.partition, queue);
    const depth = (this.depths.get(batch.partition) ?? 0) + batch.events.length;
    this.depths.set(batch.partition, depth);
    return depth >= this.maxDepth;
  }

  get isEmpty(): boolean {
    for (const queue of this.queues.values()) if (queue.length > 0) return false;
    return true;
  }

  /**
   * Takes whole batches, up to about `limit` events, partition by partition in turn so a deep
   * partition does not starve the others. Returns the taken batches in order per partition.
   */
  take(limit: number): QueuedBatch[] {
    const taken: QueuedBatch[] = [];
    let events = 0;
    let progressed = true;
    while (events < limit && progressed) {
      progressed = false;
      for (const [partition, queue] of this.queues) {
        const batch = queue.shift();
        if (!batch) continue;
        taken.push(batch);
        events += batch.events.length;
        this.depths.set(partition, (this.depths.get(partition) ?? 0) - batch.events.length);
        progressed = true;
        if (events >= limit) break;
      }
    }
    return taken;
  }

  /** Notes batches every projection has applied: after a rejoin, fetching must go on from there. */
  markApplied(batches: QueuedBatch[]): void {
    for (const { partition, offset } of offsetsToCommit(batches)) {
      const end = BigInt(offset);
      if (end > (this.applied.get(partition) ?? -1n)) this.applied.set(partition, end);
    }
  }

  /** Returns batches a failed drain took to the front of their queues, in their order. */
  putBack(taken: QueuedBatch[]): void {
    for (const batch of [...taken].reverse()) {
      const queue = this.queues.get(batch.partition) ?? [];
      queue.unshift(batch);
      this.queues.set(batch.partition, queue);
      this.depths.set(batch.partition, (this.depths.get(batch.partition) ?? 0) + batch.events.length);
    }
  }

  /** Partitions below the depth limit again (to resume the paused ones). */
  shallow(): number[] {
    return [...this.depths].filter(([, depth]) => depth < this.maxDepth).map(([partition]) => partition);
  }

  /**
   * A rebalance: kafkajs fetches again from the committed offsets of every partition it now
   * owns, so everything queued would come twice. Drop it all; a drain under way sees the new
   * generation and does not commit. A partition kept (`assigned`) must go on from what is
   * applied: a batch that starts after that is a hole (holeBefore). One newly assigned starts
   * wherever the group's committed offset says.
   */
  clear(assigned: readonly number[]): void {
    this.queues.clear();
    this.depths.clear();
    this.soughtTo.clear();
    const applied = new Map(this.applied);
    this.expected.clear();
    this.applied.clear();
    for (const partition of assigned) {
      const end = applied.get(partition);
      if (end !== undefined) {
        this.expected.set(partition, end);
        this.applied.set(partition, end);
      }
    }
    this.generation++;
  }
}

/** The offset to commit per partition for a set of batches taken together: the furthest of each. */
export function offsetsToCommit(batches: QueuedBatch[]): Array<{ partition: number; offset: string }> {
  const furthest = new Map<number, bigint>();
  for (const batch of batches) {
    const offset = BigInt(batch.nextOffset);
    if (offset > (furthest.get(batch.partition) ?? -1n)) furthest.set(batch.partition, offset);
  }
  return [...furthest].map(([partition, offset]) => ({ partition, offset: offset.toString() }));
}
