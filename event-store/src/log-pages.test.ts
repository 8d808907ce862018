import { describe, expect, it } from 'vitest';
import { eventsOfCopyText } from './log-pages.js';

type Odd = Partial<Record<'stream' | 'actor' | 'causation' | 'occurredAt' | 'data', string>>;

/** An event's line as PostgreSQL's COPY writes it for readPage: twelve fields split by tabs, the data last. */
const line = (position: number, odd: Odd = {}): string =>
  [
    '901',
    String(position),
    '0d9f0a5e-1f4e-4a8e-9d43-3f1c2a6b7c80',
    odd.stream ?? 'project-p1',
    String(position - 1),
    'DraftSaved',
    '2',
    odd.actor ?? 'u1',
    'c-1',
    odd.causation ?? '\\N',
    odd.occurredAt ?? '2026-01-02T03:04:05.000Z',
    odd.data ?? '{}',
  ].join('\t') + '\n';

describe('a page of the log read with COPY', () => {
  it('splits back into its events: NULL, escaped tabs, new lines and backslashes in any field, any character in the data', () => {
    // The data as jsonb prints it, then as COPY writes it: its backslashes doubled.
    const data = '{"at": "2026-01-02", "by": "u1", "note": "tab\\tand \\"quotes\\" and \\\\ and é 😀"}';
    const copied = data.replaceAll('\\', '\\\\');
    const odd = line(8, { stream: 'project-p\\nwith\\ta\\\\b', actor: '', causation: 'e-7', occurredAt: '2026\\r01\\\\N', data: copied });
    const events = eventsOfCopyText(line(7) + odd, new Map([['project-p1', { id: 'project-p1', lastRevision: 6, readRevision: -1 }]]));
    expect(events).toEqual([
      {
        txid: '901',
        position: 7,
        id: '0d9f0a5e-1f4e-4a8e-9d43-3f1c2a6b7c80',
        streamId: 'project-p1',
        revision: 6,
        type: 'DraftSaved',
        schemaVersion: 2,
        data: '{}',
        actor: 'u1',
        correlationId: 'c-1',
        causationId: null,
        occurredAt: '2026-01-02T03:04:05.000Z',
        last: true,
      },
      expect.objectContaining({ position: 8, streamId: 'project-p\nwith\ta\\b', revision: 7, actor: '', causationId: 'e-7', occurredAt: '2026\r01\\N', data, last: false }),
    ]);
    expect(JSON.parse(events[1]!.data)).toMatchObject({ note: 'tab\tand "quotes" and \\ and é 😀' });
  });

  it('reads the integer columns from their digits, up to the largest exact one', () => {
    const big = line(7).replace('\t7\t', '\t9007199254740991\t');
    expect(eventsOfCopyText(big, null)[0]).toMatchObject({ txid: '901', position: 9007199254740991, revision: 6, schemaVersion: 2 });
  });

  it('an empty page is no events', () => {
    expect(eventsOfCopyText('', null)).toEqual([]);
  });

  it('a page cut inside an event is an error, not fewer events', () => {
    const cut = line(7) + line(8);
    expect(() => eventsOfCopyText(cut.slice(0, -1), null)).toThrow(/ended inside an event/);
    expect(() => eventsOfCopyText(cut.slice(0, cut.indexOf('c-1', 40)), null)).toThrow(/ended inside an event/);
  });
});
