import { describe, expect, it } from 'vitest';
import { activityKind, activityKindLabels } from './activity.js';
import { addWeeks, calendarDay } from './dates.js';
import { projectEventTypes } from './events.js';
import { projectStates } from './model.js';
import { compareCustomerList, compareInternalList, sortCustomerList, sortInternalList, type OrderableProject } from './ordering.js';
import { progressSteps } from './progress.js';
import { readinessLabel } from './readiness.js';
import { trackingLink } from './tracking.js';

describe('readinessLabel', () => {
  it.each([
    [false, false, 'Awaiting Fabric & Onsite Visit'],
    [false, true, 'Awaiting Fabric'],
    [true, false, 'Awaiting Onsite Visit'],
    [true, true, 'Ready To Start'],
  ])('fabric arrived %s, onsite visit done %s → %s', (fabric_arrived, onsite_complete, label) => {
    expect(readinessLabel({ fabric_arrived, onsite_complete })).toBe(label);
  });
});

describe('progressSteps', () => {
  const quote = ['Design', 'Quote', 'Checkout'];
  const order = ['Checkout', 'Production', 'Shipment'];
  const awaiting = ['Checkout', 'Awaiting Fabric', 'Production', 'Shipment'];
  it.each([
    ['D', false, quote, 'Design', false],
    ['R', false, quote, 'Quote', false],
    ['A', true, quote, 'Checkout', false],
    ['P', false, awaiting, 'Awaiting Fabric', false],
    ['PS', false, awaiting, 'Awaiting Fabric', false],
    ['P', true, order, 'Production', false],
    ['PS', true, order, 'Production', false],
    ['I', false, awaiting, 'Production', false],
    ['I', true, order, 'Production', false],
    ['C', true, order, 'Shipment', false],
    ['C', false, awaiting, 'Shipment', false],
    ['S', true, order, 'Shipment', true],
  ] as const)('%s with fabric arrived %s shows %j at %s', (state, fabric_arrived, steps, step, done) => {
    const progress = progressSteps({ state, fabric_arrived });
    expect(progress.steps).toEqual(steps);
    expect(progress.current === null ? null : progress.steps[progress.current]).toBe(step);
    expect(progress.done).toBe(done);
  });
  it('puts an archived project on no step', () => {
    expect(progressSteps({ state: 'X', fabric_arrived: false })).toEqual({ steps: quote, current: null, done: false });
  });
});

describe('activityKind', () => {
  it.each([
    ['PaymentRecorded', 'P'],
    ['SubmittedForReview', 'S'],
    ['ProjectApproved', 'S'],
    ['ProjectPaused', 'S'],
    ['ProjectUnpaused', 'S'],
    ['ProductionStarted', 'S'],
    ['ProjectCompleted', 'S'],
    ['ProjectShipped', 'S'],
    ['ProjectArchived', 'S'],
    ['ReturnedToDraft', 'S'],
    ['ProjectDeleted', 'S'],
    ['InvoiceSent', 'E'],
    ['ReminderSent', 'E'],
    ['EmailFailed', 'E'],
    ['ProductionStateChanged', 'PR'],
    ['FabricReceived', 'PR'],
    ['OnsiteVisitCompleted', 'PR'],
    ['DueDateSet', 'PR'],
    ['ProductionTimeSet', 'PR'],
    ['DraftSaved', null],
    ['EmailRequested', null],
    ['EmailSent', null],
    ['NoteAdded', null],
    // The customer's payment is its PaymentRecorded; the capture is staff's (decision 0380).
    ['PaymentCaptured', null],
    ['PaymentCaptureFailed', null],
  ] as const)('%s → %s', (type, kind) => {
    expect(activityKind(type)).toBe(kind);
  });
  it('throws on an event type it does not know', () => {
    expect(() => activityKind('Renamed' as never)).toThrow('Unhandled case');
  });
  it('knows every event type and labels every kind', () => {
    for (const type of projectEventTypes) expect(['P', 'S', 'E', 'PR', null]).toContain(activityKind(type));
    expect(activityKindLabels).toEqual({ P: 'Payment', S: 'State Transition', E: 'Email', PR: 'Production' });
  });
});

describe('list orderings', () => {
  const row = (id: string, state: OrderableProject['state'], dates: Partial<OrderableProject> = {}): OrderableProject => ({
    id, state, updated: '2024-01-01', submitted: null, approved: null, paid: null, due: null, ...dates,
  });
  const everyState = projectStates.map((state) => row(state, state));

  it('internal: D, R, A, P, PS, I, C, S, X', () => {
    expect(sortInternalList([...everyState].reverse()).map((p) => p.state)).toEqual(['D', 'R', 'A', 'P', 'PS', 'I', 'C', 'S', 'X']);
  });
  it('customer: A, PS, D, R, P, I, C, S, X', () => {
    expect(sortCustomerList(everyState).map((p) => p.state)).toEqual(['A', 'PS', 'D', 'R', 'P', 'I', 'C', 'S', 'X']);
  });
  it('internal sorts R by submitted, A by approved, P by paid, PS and I by due, oldest first, missing last', () => {
    const rows = [
      row('r2', 'R', { submitted: '2024-02-02' }), row('r1', 'R', { submitted: '2024-02-01' }),
      row('a0', 'A'), row('a2', 'A', { approved: '2024-02-02' }), row('a1', 'A', { approved: '2024-02-01' }),
      row('p2', 'P', { paid: '2024-02-02' }), row('p1', 'P', { paid: '2024-02-01' }),
      row('s2', 'PS', { due: '2024-02-02' }), row('s1', 'PS', { due: '2024-02-01' }),
      row('i2', 'I', { due: '2024-02-02' }), row('i1', 'I', { due: '2024-02-01' }),
    ];
    expect(sortInternalList(rows).map((p) => p.id)).toEqual(['r1', 'r2', 'a1', 'a2', 'a0', 'p1', 'p2', 's1', 's2', 'i1', 'i2']);
  });
  it('customer sorts P by paid and I by due', () => {
    const rows = [row('i2', 'I', { due: '2024-02-02' }), row('p2', 'P', { paid: '2024-02-02' }), row('i1', 'I', { due: '2024-02-01' }), row('p1', 'P', { paid: '2024-02-01' })];
    expect(sortCustomerList(rows).map((p) => p.id)).toEqual(['p1', 'p2', 'i1', 'i2']);
  });
  it('shows the most recently updated first in unkeyed groups, and breaks ties by id', () => {
    const rows = [row('d1', 'D', { updated: '2024-01-01' }), row('d2', 'D', { updated: '2024-03-01' }), row('d4', 'D'), row('d3', 'D')];
    expect(sortInternalList(rows).map((p) => p.id)).toEqual(['d2', 'd1', 'd3', 'd4']);
    expect(compareCustomerList(row('x', 'A'), row('x', 'A'))).toBe(0);
    expect(compareInternalList(row('a', 'P', { paid: '2024-01-01' }), row('b', 'P'))).toBeLessThan(0);
  });
});

describe('trackingLink', () => {
  it.each([
    ['usps', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%20111'],
    ['ups', 'https://www.ups.com/track?tracknum=9400%20111'],
    ['fedex', 'https://www.fedex.com/fedextrack/?trknbr=9400%20111'],
  ] as const)('%s', (carrier, url) => {
    expect(trackingLink(carrier, ' 9400 111 ')).toBe(url);
  });
});

describe('dates', () => {
  it('reads calendar days and adds weeks across month ends', () => {
    expect(calendarDay('2024-02-29T23:59:59Z')).toBe('2024-02-29');
    expect(calendarDay('2023-02-29')).toBeNull();
    expect(calendarDay('29/02/2024')).toBeNull();
    expect(addWeeks('2024-12-20', 3)).toBe('2025-01-10');
  });
});
