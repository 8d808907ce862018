import { describe, expect, it } from 'vitest';
import { actorInWords, actorRole, auditSentence, changesInWords, eventName, formatDollars, formatUsDate, projectEventTypes, projectEventWording } from '../index.js';

describe('audit wording', () => {
  it('names every project event type in business words', () => {
    expect(Object.keys(projectEventWording).sort()).toEqual([...projectEventTypes].sort());
    expect(eventName('ProjectApproved')).toBe('Quote approved');
    expect(eventName('SomethingNewer')).toBe('SomethingNewer');
  });

  it('tells staff, customers, the shop itself and unknown ids apart', () => {
    expect(actorRole('system', null)).toBe('system');
    expect(actorRole('u1', { is_staff: true })).toBe('staff');
    expect(actorRole('u2', { is_staff: false })).toBe('customer');
    expect(actorRole('u3', null)).toBe('unknown');
    expect(actorInWords('u2', 'Wendy Walker', 'customer')).toBe('Wendy Walker (customer)');
    expect(actorInWords('system', null, 'system')).toBe('The shop (system)');
    expect(actorInWords('u3', null, 'unknown')).toBe('Unknown user u3');
  });

  it('formats money in dollars and dates as MM/dd/yyyy', () => {
    expect(formatDollars(31250)).toBe('$312.50');
    expect(formatDollars(123456789)).toBe('$1,234,567.89');
    expect(formatDollars(-5)).toBe('-$0.05');
    expect(formatUsDate('2026-03-07T10:00:00.000Z')).toBe('03/07/2026');
    expect(formatUsDate('2026-12-31')).toBe('12/31/2026');
  });

  it('keeps the fields people care about, labelled, and drops ids and timestamps nobody reads', () => {
    const words = changesInWords([
      { field: 'id', from: null, to: '8b39ae95-b98d' },
      { field: 'user', from: null, to: 'u2' },
      { field: 'state', from: 'R', to: 'A' },
      { field: 'paid_amount', from: 0, to: 31250 },
      { field: 'approved', from: null, to: '2026-03-07T10:00:00.000Z' },
      { field: 'production_state', from: 'N', to: 'CIP' },
    ]);
    expect(words).toEqual([
      { field: 'state', label: 'State', from: 'Review', to: 'Approved' },
      { field: 'production_state', label: 'Production', from: 'Not Started', to: 'Cut In Progress' },
      { field: 'paid_amount', label: 'Paid', from: '$0.00', to: '$312.50' },
      { field: 'approved', label: 'Approved on', from: '—', to: '03/07/2026' },
    ]);
    expect(auditSentence('Ops (staff)', 'ProjectApproved', words.slice(0, 1))).toBe('Ops (staff) approved the quote: State Review → Approved');
    expect(auditSentence('Wendy Walker (customer)', 'ProjectCreated', [])).toBe('Wendy Walker (customer) created the project');
  });

  it('words lists, flags, weeks, shipments and unknown events', () => {
    const words = changesInWords([
      { field: 'fabrics', from: [], to: [{}, {}] },
      { field: 'fabric_arrived', from: false, to: true },
      { field: 'production_time', from: 3, to: 4 },
      { field: 'total_quantity', from: null, to: 5 },
      { field: 'shipment', from: null, to: { carrier: 'ups', tracking_number: '1Z999' } },
      { field: 'readiness', from: 'Awaiting Fabric', to: 'Awaiting Fabric' },
    ]);
    expect(words.map(({ label, from, to }) => `${label}: ${from} → ${to}`)).toEqual([
      'Pieces: — → 5',
      'Fabrics: 0 → 2',
      'Production time: 3 weeks → 4 weeks',
      'Fabric arrived: No → Yes',
      'Shipment: — → ups 1Z999',
    ]);
    expect(auditSentence('Ops (staff)', 'SomethingNewer', [])).toBe('Ops (staff) recorded SomethingNewer');
    expect(formatUsDate('soon')).toBe('soon');
  });
});
