import { UpcasterRegistry } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@shop/infra';
import { eventsAsRead } from './upcasting-event-store.js';

// Decision 0371: what a fold sees of one stored event of a split or retired type. The shop's own
// registry splits and retires nothing yet, so these use a registry of their own.
const registry = new UpcasterRegistry([
  {
    type: 'Measured',
    fromVersion: 1,
    split: { into: ['WidthSet', 'HeightSet'], parts: ({ width, height }) => [{ type: 'WidthSet', version: 1, data: { width } }, { type: 'HeightSet', version: 1, data: { height } }] },
  },
  { type: 'Pinged', fromVersion: 1, retire: { reason: 'nothing read it' } },
]);

const stored = (type: string, data: Record<string, unknown>): StoredEvent => ({
  id: '0b7c4c1e-5d0f-4a57-9a59-3c1d2f1b6e01',
  type,
  schemaVersion: 1,
  data,
  metadata: { actor: 'u-1', occurredAt: '2026-12-01T10:00:00.000Z' } as StoredEvent['metadata'],
  streamId: 'project-p1',
  revision: 7,
  globalPosition: 42,
  checkpoint: { position: 42 } as unknown as StoredEvent['checkpoint'],
});

describe('events as read', () => {
  it('gives a split event as its parts, each with the stored revision, position and metadata; the first keeps the id, the rest get ids derived from it', () => {
    const event = stored('Measured', { width: 3, height: 4 });
    const parts = eventsAsRead(event, registry);
    expect(parts.map((part) => [part.type, part.data, part.revision, part.globalPosition, part.metadata, part.streamId])).toEqual([
      ['WidthSet', { width: 3 }, 7, 42, event.metadata, 'project-p1'],
      ['HeightSet', { height: 4 }, 7, 42, event.metadata, 'project-p1'],
    ]);
    expect(parts[0]!.id).toBe(event.id);
    expect(parts[1]!.id).not.toBe(event.id);
    expect(parts[1]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Every read (a rebuild, another process) derives the same ids.
    expect(eventsAsRead(event, registry).map((part) => part.id)).toEqual(parts.map((part) => part.id));
  });

  it('gives a retired event as nothing and a current one as itself', () => {
    expect(eventsAsRead(stored('Pinged', {}), registry)).toEqual([]);
    const current = stored('WidthSet', { width: 1 });
    expect(eventsAsRead(current, registry)).toEqual([current]);
    expect(eventsAsRead(current, registry)[0]).toBe(current);
  });
});
