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
    queues.clear([0, 2]);
    expect(queues.isEmpty).toBe(true);
    expect(queues.generation).toBe(before + 1);
  });

  it('after a rejoin, a batch that starts past what was applied sends the consumer back instead of skipping what the rejoin dropped', () => {
    const queues = new PartitionQueues(100);
    expect(queues.holeBefore(0, '0')).toBeNull(); // nothing known yet: the group's committed offset rules
    queues.push(batch(0, 10, 10));
    queues.markApplied(queues.take(100));
    queues.push(batch(0, 10, 20)); // fetched, not applied when the rejoin drops it
    expect(queues.holeBefore(0, '20')).toBeNull(); // the next batch in line is taken
    queues.clear([0, 1]);
    // A batch fetched before the rejoin, handed over after it: offsets 10-19 would be lost.
    expect(queues.holeBefore(0, '20')).toBe('10');
    // Fetching again from 10 (or from the committed offset before it) is taken.
    expect(queues.holeBefore(0, '10')).toBeNull();
    expect(queues.holeBefore(0, '4')).toBeNull();
    // A partition this process did not apply before starts wherever the group says.
    expect(queues.holeBefore(1, '500')).toBeNull();
  });

  it('chases a hole once: offsets gone by retention are left to the gap fill from the store', () => {
    const queues = new PartitionQueues(100);
    queues.push(batch(3, 5, 5));
    queues.markApplied(queues.take(100));
    queues.clear([3]);
    expect(queues.holeBefore(3, '40')).toBe('5');
    expect(queues.holeBefore(3, '40')).toBeNull();
  });

  it('forgets a partition the rejoin gave to another process', () => {
    const queues = new PartitionQueues(100);
    queues.push(batch(2, 5, 5));
    queues.markApplied(queues.take(100));
    queues.clear([0]);
    queues.clear([0, 2]);
    expect(queues.holeBefore(2, '90')).toBeNull();
  });
});
