import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@shop/infra';
import { streamsWithHistory } from './stream-batches.js';

const event = (streamId: string, revision: number) => ({ streamId, revision }) as StoredEvent;

describe('streamsWithHistory', () => {
  it('names the streams whose first event in the batch is not their first ever, once each', () => {
    const batch = [event('project-new', 0), event('project-old', 3), event('project-new', 1), event('project-old', 4), event('project-later', 1)];
    expect(streamsWithHistory(batch)).toEqual(['project-old', 'project-later']);
  });

  it('names none for a batch of streams that all start in it', () => {
    expect(streamsWithHistory([event('project-a', 0), event('project-b', 0), event('project-a', 1)])).toEqual([]);
  });
});
