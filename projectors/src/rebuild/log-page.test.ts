import { describe, expect, it } from 'vitest';
import { eventsOfPageText } from './log-page.js';

type Odd = Partial<Record<'stream' | 'actor' | 'causation' | 'occurredAt', string>>;

/** An event's line of fields as PostgreSQL writes it for PAGE_TEXT: ten tabs, the schema version last. */
const fields = (position: number, odd: Odd = {}): string =>
  [
    '901',
    String(position),
    '0d9f0a5e-1f4e-4a8e-9d43-3f1c2a6b7c80',
    odd.stream ?? 'project-p1',
    String(position - 1),
    'DraftSaved',
    odd.actor ?? '=u1',
    '=c-1',
    odd.causation ?? '',
    odd.occurredAt ?? '=2026-01-02T03:04:05.000Z',
    '2',
  ].join('\t');

const page = (...lines: string[]): string => lines.join('\n');

describe('a page of the log read as text', () => {
  it('splits back into its events: metadata present or absent, new lines in a field, escapes and any character in the data', () => {
    const data = '{"at": "2026-01-02", "by": "u1", "note": "tab\\tand \\"quotes\\" and \\\\ and é 😀"}';
    const oddOne = fields(8, { stream: 'project-p\nwith a new line', actor: '=', causation: '=e-7', occurredAt: '=2026\n01' });
    const events = eventsOfPageText(2, page(fields(7), oddOne), page(data, '{}'), new Map([['project-p1', 6]]));
    expect(events).toEqual([
      {
        txid: '901',
        position: 7,
        id: '0d9f0a5e-1f4e-4a8e-9d43-3f1c2a6b7c80',
        streamId: 'project-p1',
        revision: 6,
        type: 'DraftSaved',
        schemaVersion: 2,
        data,
        actor: 'u1',
        correlationId: 'c-1',
        causationId: null,
        occurredAt: '2026-01-02T03:04:05.000Z',
        last: true,
      },
      expect.objectContaining({ position: 8, streamId: 'project-p\nwith a new line', revision: 7, actor: '', causationId: 'e-7', occurredAt: '2026\n01', data: '{}', last: false }),
    ]);
    expect(JSON.parse(events![0]!.data)).toMatchObject({ note: 'tab\tand "quotes" and \\ and é 😀' });
  });

  it('an empty page is no events', () => {
    expect(eventsOfPageText(0, '', '', null)).toEqual([]);
  });

  it('gives up on a page it cannot split exactly, so it is read row by row', () => {
    // A tab in a stream id or a metadata field shifts every field after it.
    expect(eventsOfPageText(1, fields(7, { stream: 'project-\tp1' }), '{}', null)).toBeNull();
    expect(eventsOfPageText(1, fields(7, { occurredAt: '=2026\t01' }), '{}', null)).toBeNull();
    expect(eventsOfPageText(2, page(fields(7, { actor: '=u\t1' }), fields(8)), page('{}', '{}'), null)).toBeNull();
    // Fewer events than counted, or more text than the events counted, in either text.
    const two = page(fields(7), fields(8));
    expect(eventsOfPageText(3, two, page('{}', '{}', '{}'), null)).toBeNull();
    expect(eventsOfPageText(2, two, page('{}', '{}', '{}'), null)).toBeNull();
    expect(eventsOfPageText(1, two, '{}', null)).toBeNull();
    expect(eventsOfPageText(2, two, '{}', null)).toBeNull();
  });
});
