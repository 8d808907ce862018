import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@shop/infra';
import { offsetsToCommit, PartitionQueues, type QueuedBatch } from './partition-queues.js';

const events = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ id: `${tag}-${i}` }) as StoredEvent);
const batch = (partition: number, n: number, nextOffset: number): QueuedBatch => ({ partition, events: events(n, `p${partition}@${nextOffset}`), nextOffset: String(nextOffset) });

describe('partition queues of the Kafka feed', () => {
  it('takes partitions in turn, keeps each partition in order, and says when one is too deep', () => {
    const queues = new PartitionQueues(10);
    expect(queues.push(batch(0, 4, 4))).toBe(false);
    expect(queues.push(batch(0, 6, 10))).toBe(true);
    expect(queues.push(batch(1, 2, 2))).toBe(false);
    const taken = queues.take(7);
    expect(taken.map((b) => `${b.partition}:${b.nextOffset}`)).toEqual(['0:4', '1:2', '0:10']);
    expect(queues.isEmpty).toBe(true);
    expect(queues.shallow().sort()).toEqual([0, 1]);
    expect(offsetsToCommit(taken)).toEqual([
      { partition: 0, offset: '10' },
      { partition: 1, offset: '2' },
    ]);
  });

  it('puts a failed drain back in front, in order; a rebalance empties everything and moves the generation', () => {
    const queues = new PartitionQueues(100);
    queues.push(batch(0, 1, 1));
    queues.push(batch(0, 1, 2));
    queues.push(batch(0, 1, 3));
    const taken = queues.take(2);
    queues.putBack(taken);
    expect(queues.take(100).map((b) => b.nextOffset)).toEqual(['1', '2', '3']);
    queues.push(batch(2, 1, 7));
    const before = queues.generation;
    queues.clear();
    expect(queues.isEmpty).toBe(true);
    expect(queues.generation).toBe(before + 1);
  });
});
