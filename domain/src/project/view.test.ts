import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { projectDecider } from './decider.js';
import { ProjectEvent } from './events.js';
import { created, deleted, historyTo, paidPartly, pausedFrom, shipped, staff, T } from './test-support/fixtures.js';
import { projectView } from './view.js';

const viewOf = (events: ProjectEvent[]) => {
  const view = projectView(fold(projectDecider, events));
  if (!view) throw new Error('no project');
  return view;
};
const by = (at: string) => ({ at, by: staff.userId });

describe('projectView', () => {
  it('is null for an empty stream', () => {
    expect(projectView(projectDecider.initialState())).toBeNull();
  });

  it('shows a new draft with SPEC §3 fields', () => {
    expect(viewOf(historyTo.D)).toMatchObject({
      id: 'p-1', name: 'Living room', user: 'u-1', state: 'D', production_state: 'N', created: T.created, updated: T.created,
      submitted: null, approved: null, paid: null, due: null, onsite_complete: false, fabric_arrived: false, partial_payment: false,
      project_ready: false, readiness: 'Awaiting Fabric & Onsite Visit', category: 'P', organization: null, organization_id: null,
      production_time: 3, total_quantity: 3, has_upholstery: true, contains_upholstery: true, shipment: null, deleted: false, copied_from: null,
    });
    expect(viewOf(historyTo.D).items).toHaveLength(2);
  });

  it('carries the dates of each step, prices and payments', () => {
    const view = viewOf([...historyTo.A, paidPartly]);
    expect(view).toMatchObject({ state: 'P', submitted: T.submitted, approved: T.approved, paid: T.paid, partial_payment: true, paid_amount: 25000, balance_remaining: 25000, shipping_cost: 1500 });
    expect(view.notes.payment_details).toEqual({ partial_payment: true, details: { remaining: 250 } });
    expect(view.fabrics[0]?.items[0]?.unit_price).toBe(4000);
  });

  it('applies fabric prices and the second payment keeps the first paid date', () => {
    const fabricPriced: ProjectEvent = { type: 'ItemsPriced', data: { items: [], fabrics: [{ fabricId: 'f-2', unit_price: 700 }], shippingCost: null, ...by(T.priced) } };
    const [first, second] = viewOf([created(), { type: 'SubmittedForReview', data: by(T.submitted) }, fabricPriced]).fabrics;
    expect([first?.unit_price, second?.unit_price]).toEqual([2500, 700]);
    const rest: ProjectEvent = { type: 'PaymentRecorded', data: { amount: 25000, partial: false, remaining: 0, details: '', chargeId: null, ...by(T.now) } };
    expect(viewOf([...historyTo.A, paidPartly, rest])).toMatchObject({ paid: T.paid, partial_payment: false, paid_amount: 50000, balance_remaining: 0 });
  });

  it('tracks pauses, production, readiness, shipment', () => {
    const events: ProjectEvent[] = [
      ...historyTo.I,
      { type: 'ProductionStateChanged', data: { from: 'N', to: 'CC', ...by(T.now) } },
      { type: 'FabricReceived', data: { fabricId: 'f-1', ...by(T.now) } },
    ];
    expect(viewOf(events)).toMatchObject({ production_state: 'CC', fabric_arrived: false, started: T.started, due: '2024-03-27' });
    const arrived = [...events, { type: 'FabricReceived', data: { fabricId: 'f-2', ...by('2024-03-10T00:00:00.000Z') } } as ProjectEvent];
    expect(viewOf(arrived)).toMatchObject({ fabric_arrived: true, fabric_arrived_at: '2024-03-10T00:00:00.000Z', readiness: 'Awaiting Onsite Visit' });
    const ready = [...arrived, { type: 'OnsiteVisitCompleted', data: by('2024-03-11T00:00:00.000Z') } as ProjectEvent];
    expect(viewOf(ready)).toMatchObject({ onsite_complete: true, onsite_completed_at: '2024-03-11T00:00:00.000Z', project_ready: true, readiness: 'Ready To Start' });
    const unpaused: ProjectEvent = { type: 'ProjectUnpaused', data: { to: 'I', message: '', ...by(T.now) } };
    expect(viewOf([...historyTo.I, pausedFrom('I'), unpaused])).toMatchObject({ state: 'I', paused: T.paused, unpaused: T.now });
    expect(viewOf(historyTo.S)).toMatchObject({ state: 'S', completed: T.completed, shipped: T.shipped, shipment: { carrier: 'ups', tracking_number: '1Z999', tracking_url: 'https://www.ups.com/track?tracknum=1Z999' } });
    const handedOver: ProjectEvent = { type: 'ProjectShipped', data: { carrier: null, trackingNumber: null, ...by(T.shipped) } };
    expect(viewOf([...historyTo.C, handedOver]).shipment).toEqual({ carrier: null, tracking_number: null, tracking_url: null });
    expect(shipped.type).toBe('ProjectShipped');
  });

  it('keeps due dates, production time, transfers, notes, uploads and checkout changes', () => {
    const events: ProjectEvent[] = [
      ...historyTo.A,
      { type: 'DueDateSet', data: { due: '2024-05-01', ...by(T.now) } },
      { type: 'ProductionTimeSet', data: { weeks: 6, ...by(T.now) } },
      { type: 'CheckoutDetailsUpdated', data: { name: 'Den', notes: {}, shipping_notes: { delivery_type: 1 }, ...by(T.now) } },
      { type: 'ProjectTransferred', data: { fromUserId: 'u-1', toUserId: 'u-3', organizationId: 'org-2', ...by(T.now) } },
      { type: 'NoteAdded', data: { noteId: 'n-1', text: 'a', ...by(T.now) } },
      { type: 'NoteAdded', data: { noteId: 'n-2', text: 'b', ...by(T.now) } },
      { type: 'NoteEdited', data: { noteId: 'n-1', text: 'a2', ...by('2024-04-02T00:00:00.000Z') } },
      { type: 'NoteDeleted', data: { noteId: 'n-2', ...by(T.now) } },
      { type: 'InvoiceSent', data: { email: 'a@b.co', amountDue: null, ...by(T.now) } },
      { type: 'ReminderSent', data: { message: '', ...by(T.now) } },
    ];
    expect(viewOf(events)).toMatchObject({
      due: '2024-05-01', production_time: 6, name: 'Den', shipping_notes: { delivery_type: 1 }, user: 'u-3', organization_id: 'org-2', organization: 'org-2',
      staff_notes: [{ id: 'n-1', text: 'a2', author: 's-1', created: T.now, updated: '2024-04-02T00:00:00.000Z' }],
    });
  });

  it('records e-mails, uploads, drafts and returns to draft in the state', () => {
    const state = fold(projectDecider, [
      ...historyTo.A,
      { type: 'ReturnedToDraft', data: { from: 'A', reason: '', ...by(T.now) } },
      { type: 'DraftSaved', data: { name: 'New', category: null, fabrics: [], additional_notes: '', notes: {}, shipping_notes: {}, shipping_cost: 0, ...by(T.now) } },
      { type: 'ImageUploaded', data: { fabricId: 'f-1', path: 'x/a.png', fileName: 'a.png', ...by(T.now) } },
      { type: 'EmailRequested', data: { emailId: 'e-1', kind: 'reminder', to: 'a@b.co', message: '', ...by(T.now) } },
      { type: 'EmailRequested', data: { emailId: 'e-2', kind: 'reminder', to: 'a@b.co', message: '', ...by(T.now) } },
      { type: 'EmailFailed', data: { emailId: 'e-1', reason: 'bounce', ...by(T.now) } },
      { type: 'EmailSent', data: { emailId: 'e-2', ...by(T.now) } },
    ]);
    if (state.status !== 'existing') throw new Error('expected a project');
    expect(state.project).toMatchObject({ state: 'D', approved: null, name: 'New', uploads: [{ path: 'x/a.png' }] });
    expect(state.project.emails.map((email) => [email.status, email.failure])).toEqual([['failed', 'bounce'], ['sent', null]]);
  });

  it('shows a deleted project as D with empty fields, and archiving as X', () => {
    expect(viewOf([created(), deleted])).toMatchObject({ state: 'D', name: '', fabrics: [], additional_notes: '', category: null, shipping_cost: 0, deleted: true });
    expect(viewOf(historyTo.X)).toMatchObject({ state: 'X', archived: T.archived });
  });

  it('ignores events that arrive before a project exists or after deletion', () => {
    expect(fold(projectDecider, [deleted])).toEqual({ status: 'empty' });
    expect(viewOf([created(), deleted, { type: 'SubmittedForReview', data: by(T.now) }]).state).toBe('D');
  });

  it('carries the source of a copy', () => {
    const copied: ProjectEvent = { type: 'ProjectCopied', data: { ...(created().data as Extract<ProjectEvent, { type: 'ProjectCreated' }>['data']), copiedFrom: 'p-0', replacedFabricIds: [], droppedProductIds: [] } };
    expect(viewOf([copied]).copied_from).toBe('p-0');
  });
});

describe('project event schemas', () => {
  it('accept every event of the test histories', () => {
    for (const events of Object.values(historyTo)) for (const event of events) expect(ProjectEvent.parse(event)).toEqual(event);
  });
});

describe('unknown messages', () => {
  it('an unknown command or event type is a programming error, not a silent no-op', () => {
    const bogusEvent = { type: 'Renamed', data: by(T.now) } as unknown as ProjectEvent;
    expect(() => fold(projectDecider, [created(), bogusEvent])).toThrow('Unhandled case');
  });
});
