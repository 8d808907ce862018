import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { spec } from '../shared/test-support/given-when-then.js';
import { projectDecider } from './decider.js';
import type { ProjectEvent } from './events.js';
import {
  commandFor, completed, created, customer, deleted, draft, historyTo, member, paidPartly, pausedFrom, priced, staff, started, stranger, submitted, T,
} from './test-support/fixtures.js';

const project = spec(projectDecider);
const by = (actor: { userId: string }, at = T.now) => ({ at, by: actor.userId });
const body = {
  name: draft.name,
  category: 'P',
  fabrics: draft.fabrics,
  additional_notes: 'Please hurry',
  notes: { tax_exempt: false },
  shipping_notes: draft.shipping_notes ?? {},
  shipping_cost: 0,
};

describe('CreateProject', () => {
  it('creates a draft owned by the customer, production time 3 weeks, with the order number it was given', () => {
    project.given([]).when(commandFor('CreateProject', customer)).then([
      { type: 'ProjectCreated', data: { projectId: 'p-1', orderNumber: 1042, ownerId: 'u-1', organizationId: null, productionTime: 3, ...body, ...by(customer) } },
    ]);
  });
  it('fills in the optional parts of a minimal draft', () => {
    project.given([]).when({ ...commandFor('CreateProject', customer), draft: { name: 'Bare', fabrics: [] } }).then([
      { type: 'ProjectCreated', data: { projectId: 'p-1', orderNumber: 1042, ownerId: 'u-1', organizationId: null, productionTime: 3, name: 'Bare', category: null, fabrics: [], additional_notes: '', notes: {}, shipping_notes: {}, shipping_cost: 0, ...by(customer) } },
    ]);
  });
  it('lets staff create a project for someone else', () => {
    const [event] = projectDecider.decide({ ...commandFor('CreateProject', staff), ownerId: 'u-7', organizationId: 'org-3' }, projectDecider.initialState());
    expect(event?.data).toMatchObject({ ownerId: 'u-7', organizationId: 'org-3', by: 's-1' });
  });
  it('lets a member create a project for their organization', () => {
    const [event] = projectDecider.decide({ ...commandFor('CreateProject', member), organizationId: 'org-1' }, projectDecider.initialState());
    expect(event?.data).toMatchObject({ ownerId: 'u-2', organizationId: 'org-1' });
  });
  it('refuses a customer creating for another user or an organization they are not in', () => {
    project.given([]).when({ ...commandFor('CreateProject', customer), ownerId: 'u-7' }).thenThrows('NOT_YOUR_PROJECT');
    project.given([]).when({ ...commandFor('CreateProject', customer), organizationId: 'org-1' }).thenThrows('NOT_A_MEMBER');
  });
  it('refuses an id already in use', () => {
    project.given([created()]).when(commandFor('CreateProject', customer)).thenThrows('PROJECT_EXISTS');
  });
  it('rejects a malformed draft with field problems', () => {
    project.given([]).when({ ...commandFor('CreateProject', customer), draft: { name: 'x', fabrics: [{ id: '', items: [] }] } }).thenThrows('VALIDATION_FAILED');
  });
});

describe('CopyProject', () => {
  const source = { ...draft, projectId: 'p-1', ownerId: 'u-1', organizationId: null, notes: { tax_exempt: true, payment_details: { partial_payment: true } } };
  it('creates a "COPY OF: " draft, replacing unavailable fabrics and dropping inactive products', () => {
    const fabrics = [
      { ...source.fabrics[0]!, arrived: true },
      { id: 'f-3', name: 'Silk', source: 'shop', unit_price: 9000, items: [{ product_id: 12, quantity: 1 }, { product_id: 44, quantity: 1 }] },
      { id: 'f-4', name: 'Wool', items: [{ product_id: 44, quantity: 1 }] },
      { id: 'f-5', name: 'Empty', items: [] },
    ];
    project.given([]).when({
      ...commandFor('CopyProject', customer),
      source: { ...source, fabrics, shipping_cost: 2000 },
      availability: { fabrics: { 'f-1': { active: true, in_stock: true }, 'f-3': { active: true, in_stock: false } }, activeProductIds: [12] },
    }).then([
      {
        type: 'ProjectCopied',
        data: {
          projectId: 'p-2', copiedFrom: 'p-1', orderNumber: 1043, ownerId: 'u-1', organizationId: null, productionTime: 3,
          replacedFabricIds: ['f-3'], droppedProductIds: [44],
          name: 'COPY OF: Living room', category: 'P',
          fabrics: [
            { id: 'f-1', name: 'Linen', source: 'shop', unit_price: 2500, items: source.fabrics[0]!.items },
            { id: 'undecided-f-3', name: 'Undecided', source: 'shop', unit_price: 0, items: [{ product_id: 12, quantity: 1 }] },
            { id: 'f-5', name: 'Empty', items: [] },
          ],
          additional_notes: 'Please hurry', notes: { tax_exempt: true }, shipping_notes: draft.shipping_notes!, shipping_cost: 0,
          ...by(customer),
        },
      },
    ]);
  });
  it('replaces an inactive fabric that has no source with a sourceless placeholder', () => {
    const [event] = projectDecider.decide(
      { ...commandFor('CopyProject', customer), source: { ...source, fabrics: [{ id: 'f-6', items: [{ product_id: 0, quantity: 1 }] }] }, availability: { fabrics: { 'f-6': { active: false, in_stock: true } }, activeProductIds: [] } },
      projectDecider.initialState(),
    );
    expect(event?.data).toMatchObject({ fabrics: [{ id: 'undecided-f-6', name: 'Undecided', unit_price: 0, items: [{ product_id: 0, quantity: 1 }] }] });
  });
  it('lets staff copy anyone’s project, but not a stranger', () => {
    expect(projectDecider.decide({ ...commandFor('CopyProject', staff), ownerId: 'u-1' }, projectDecider.initialState())).toHaveLength(1);
    project.given([]).when(commandFor('CopyProject', stranger)).thenThrows('NOT_YOUR_PROJECT');
  });
  it('needs a fresh id', () => {
    project.given([created({ projectId: 'p-2' })]).when(commandFor('CopyProject', customer)).thenThrows('PROJECT_EXISTS');
  });
});

describe('editing a draft', () => {
  it('SaveDraft records the whole new body', () => {
    project.given([created()]).when({ ...commandFor('SaveDraft', customer), draft: { name: 'Den', fabrics: [] } }).then([
      { type: 'DraftSaved', data: { name: 'Den', category: null, fabrics: [], additional_notes: '', notes: {}, shipping_notes: {}, shipping_cost: 0, ...by(customer) } },
    ]);
  });
  it('staff may edit in review', () => {
    project.given(historyTo.R).when({ ...commandFor('SaveDraft', staff), draft: { name: 'Den', fabrics: [] } }).then([
      { type: 'DraftSaved', data: { name: 'Den', category: null, fabrics: [], additional_notes: '', notes: {}, shipping_notes: {}, shipping_cost: 0, ...by(staff) } },
    ]);
  });
  it('UploadImage records the stored image and checks its file type', () => {
    project.given([created()]).when(commandFor('UploadImage', customer)).then([
      { type: 'ImageUploaded', data: { fabricId: 'f-1', path: 'uploads/p-1/a.png', fileName: 'a.png', ...by(customer) } },
    ]);
    project.given([created()]).when({ ...commandFor('UploadImage', customer), fileName: 'a.pdf' }).thenThrows('VALIDATION_FAILED');
  });
  it('UpdateCheckout changes name, notes and shipping details of an approved project', () => {
    const shipping_notes = { delivery_type: 2 as const };
    project.given(historyTo.A).when({ ...commandFor('UpdateCheckout', customer), notes: { tax_exempt: true }, shipping_notes }).then([
      { type: 'CheckoutDetailsUpdated', data: { name: 'Living room', notes: { tax_exempt: true }, shipping_notes, ...by(customer) } },
    ]);
    project.given(historyTo.A).when({ ...commandFor('UpdateCheckout', customer), shipping_notes: { delivery_type: 7 as 0 } }).thenThrows('VALIDATION_FAILED');
    project.given(historyTo.A).when(commandFor('UpdateCheckout', customer)).then([
      { type: 'CheckoutDetailsUpdated', data: { name: 'Living room', notes: { tax_exempt: false }, shipping_notes: draft.shipping_notes!, ...by(customer) } },
    ]);
  });
  // SPEC §3: a checkout update carries only id, name, state, fabrics, notes and shipping_notes; id, state and
  // fabrics are accepted and ignored (fabrics cannot change at checkout, state moves by payment).
  it('UpdateCheckout that also carries id, state and fabrics records only the name, notes and shipping notes', () => {
    const carrying = { ...commandFor('UpdateCheckout', customer), name: 'Den', id: 'p-1', state: 'P', fabrics: [{ id: 'f-9', name: 'Silk', items: [] }] };
    project.given(historyTo.A).when(carrying).then([
      { type: 'CheckoutDetailsUpdated', data: { name: 'Den', notes: { tax_exempt: false }, shipping_notes: draft.shipping_notes!, ...by(customer) } },
    ]);
  });
  it('UpdateCheckout leaves the project’s state and fabrics as they were', () => {
    const before = fold(projectDecider, historyTo.A);
    const carrying = { ...commandFor('UpdateCheckout', customer), name: 'Den', state: 'D', fabrics: [] };
    const after = fold(projectDecider, [...historyTo.A, ...projectDecider.decide(carrying, before)]);
    if (before.status !== 'existing' || after.status !== 'existing') throw new Error('expected an existing project');
    expect(after.project.name).toBe('Den');
    expect(after.project.state).toBe('A');
    expect(after.project.fabrics).toEqual(before.project.fabrics);
  });
});

describe('review and approval', () => {
  it('SubmitForReview moves a draft with items to review', () => {
    project.given([created()]).when(commandFor('SubmitForReview', customer)).then([{ type: 'SubmittedForReview', data: by(customer) }]);
  });
  it('SubmitForReview needs items in every fabric', () => {
    project.given([created({ fabrics: [] })]).when(commandFor('SubmitForReview', customer)).thenThrows('NO_ITEMS');
    project.given([created({ fabrics: [{ id: 'f-1', items: [] }] })]).when(commandFor('SubmitForReview', customer)).thenThrows('NO_ITEMS');
  });
  it('ReturnToDraft records where it came from and why', () => {
    project.given(historyTo.R).when(commandFor('ReturnToDraft', customer)).then([{ type: 'ReturnedToDraft', data: { from: 'R', reason: '', ...by(customer) } }]);
    project.given(historyTo.A).when({ ...commandFor('ReturnToDraft', staff), reason: 'Fabric discontinued' }).then([
      { type: 'ReturnedToDraft', data: { from: 'A', reason: 'Fabric discontinued', ...by(staff) } },
    ]);
  });
  it('PriceItems prices items, fabrics and shipping', () => {
    const items = [{ fabricId: 'f-1', itemIndex: 0, unit_price: 4000, yardage: 2 }];
    project.given(historyTo.R).when({ ...commandFor('PriceItems', staff), items, fabrics: [{ fabricId: 'f-2', unit_price: 0 }], shippingCost: 2500 }).then([
      { type: 'ItemsPriced', data: { items, fabrics: [{ fabricId: 'f-2', unit_price: 0 }], shippingCost: 2500, ...by(staff) } },
    ]);
  });
  it('PriceItems rejects unknown items and fabrics, and prices that are not whole cents', () => {
    const when = (extra: object) => project.given(historyTo.R).when({ ...commandFor('PriceItems', staff), ...extra });
    when({ items: [{ fabricId: 'f-1', itemIndex: 3, unit_price: 1 }] }).thenThrows('VALIDATION_FAILED');
    when({ items: [{ fabricId: 'f-9', itemIndex: 0, unit_price: 1 }] }).thenThrows('VALIDATION_FAILED');
    when({ items: [{ fabricId: 'f-1', itemIndex: 0, unit_price: 1.5 }] }).thenThrows('VALIDATION_FAILED');
    when({ items: [], fabrics: [{ fabricId: 'f-9', unit_price: 1 }] }).thenThrows('VALIDATION_FAILED');
    when({ items: [], fabrics: [{ fabricId: 'f-1', unit_price: -1 }] }).thenThrows('VALIDATION_FAILED');
    when({ items: [], shippingCost: -5 }).thenThrows('VALIDATION_FAILED');
  });
  it('Approve needs staff pricing since the last submission', () => {
    project.given([created(), submitted, priced]).when(commandFor('Approve', staff)).then([{ type: 'ProjectApproved', data: by(staff) }]);
    project.given([created(), submitted]).when(commandFor('Approve', staff)).thenThrows('NOT_PRICED');
    const returned: ProjectEvent = { type: 'ReturnedToDraft', data: { from: 'R', reason: '', ...by(staff) } };
    project.given([created(), submitted, priced, returned, submitted]).when(commandFor('Approve', staff)).thenThrows('NOT_PRICED');
    project.given([created({ fabrics: [] }), { type: 'SubmittedForReview', data: by(staff) }]).when(commandFor('Approve', staff)).thenThrows('NO_ITEMS');
  });
  it('Approve needs a complete quote, with every gap listed', () => {
    const partlyPriced: ProjectEvent = { type: 'ItemsPriced', data: { items: [{ fabricId: 'f-1', itemIndex: 0, unit_price: 1 }], fabrics: [], shippingCost: null, ...by(staff) } };
    project.given([created(), submitted, partlyPriced]).when(commandFor('Approve', staff)).thenThrows('QUOTE_INCOMPLETE');
    const approve = () => projectDecider.decide(commandFor('Approve', staff), fold(projectDecider, [created(), submitted, partlyPriced]));
    expect(approve).toThrow(expect.objectContaining({ kind: 'rule', problems: [expect.objectContaining({ field: 'fabrics.1.items.0.unit_price' }), expect.objectContaining({ field: 'fabrics.1.items.0.yardage' })] }));
    const undecided = created({ fabrics: [{ id: 'undecided-f-1', name: 'Undecided', unit_price: 0, items: [{ product_id: 12, quantity: 1 }] }] });
    const pricedUndecided: ProjectEvent = { type: 'ItemsPriced', data: { items: [{ fabricId: 'undecided-f-1', itemIndex: 0, unit_price: 900, yardage: 1 }], fabrics: [], shippingCost: null, ...by(staff) } };
    project.given([undecided, submitted, pricedUndecided]).when(commandFor('Approve', staff)).thenThrows('QUOTE_INCOMPLETE');
  });
});

describe('invoices and payments', () => {
  const email = { emailId: 'e-1', to: 'ann@example.com' };
  it('SendInvoice records the invoice and asks for the e-mail', () => {
    project.given(historyTo.A).when({ ...commandFor('SendInvoice', staff), message: 'Thanks' }).then([
      { type: 'InvoiceSent', data: { email: 'ann@example.com', amountDue: null, ...by(staff) } },
      { type: 'EmailRequested', data: { ...email, kind: 'invoice', message: 'Thanks', ...by(staff) } },
    ]);
  });
  it('SendInvoice after payment only while a balance is due', () => {
    project.given([...historyTo.A, paidPartly]).when(commandFor('SendInvoice', staff)).then([
      { type: 'InvoiceSent', data: { email: 'ann@example.com', amountDue: 25000, ...by(staff) } },
      { type: 'EmailRequested', data: { ...email, kind: 'invoice', message: '', ...by(staff) } },
    ]);
    project.given(historyTo.P).when(commandFor('SendInvoice', staff)).thenThrows('NOTHING_TO_INVOICE');
  });
  it('SendInvoice rejects a malformed address', () => {
    project.given(historyTo.A).when({ ...commandFor('SendInvoice', staff), email: { emailId: 'e-1', to: 'nope' } }).thenThrows('VALIDATION_FAILED');
  });
  it('RecordPayment in full or in part', () => {
    project.given(historyTo.A).when({ ...commandFor('RecordPayment', customer), amount: 50000, partial: false }).then([
      { type: 'PaymentRecorded', data: { amount: 50000, partial: false, remaining: 0, details: '', chargeId: null, ...by(customer) } },
    ]);
    project.given(historyTo.A).when({ ...commandFor('RecordPayment', staff), amount: 100, partial: true, remaining: 400, details: 'check #12' }).then([
      { type: 'PaymentRecorded', data: { amount: 100, partial: true, remaining: 400, details: 'check #12', chargeId: null, ...by(staff) } },
    ]);
  });
  it('RecordPayment settles a remaining balance later, but not a paid project', () => {
    project.given([...historyTo.A, paidPartly, started]).when({ ...commandFor('RecordPayment', customer), amount: 25000, partial: false }).then([
      { type: 'PaymentRecorded', data: { amount: 25000, partial: false, remaining: 0, details: '', chargeId: null, ...by(customer) } },
    ]);
    project.given(historyTo.I).when(commandFor('RecordPayment', customer)).thenThrows('ALREADY_PAID');
  });
  it('RecordPayment rejects bad amounts', () => {
    const when = (extra: object) => project.given(historyTo.A).when({ ...commandFor('RecordPayment', staff), ...extra });
    when({ amount: 0 }).thenThrows('VALIDATION_FAILED');
    when({ amount: 10.5 }).thenThrows('VALIDATION_FAILED');
    when({ partial: true, remaining: undefined }).thenThrows('VALIDATION_FAILED');
    when({ partial: true, remaining: 0 }).thenThrows('VALIDATION_FAILED');
  });
});

describe('pause, unpause and reminders', () => {
  const email = { emailId: 'e-2', to: 'ann@example.com' };
  it('Pause remembers the state it paused and e-mails the message', () => {
    project.given(historyTo.I).when({ ...commandFor('Pause', staff), email }).then([
      { type: 'ProjectPaused', data: { from: 'I', message: 'hold', ...by(staff) } },
      { type: 'EmailRequested', data: { ...email, kind: 'pause', message: 'hold', ...by(staff) } },
    ]);
    project.given(historyTo.P).when(commandFor('Pause', staff)).then([{ type: 'ProjectPaused', data: { from: 'P', message: 'hold', ...by(staff) } }]);
  });
  it('Unpause returns to the state before the pause', () => {
    project.given([...historyTo.P, pausedFrom('P')]).when(commandFor('Unpause', staff)).then([{ type: 'ProjectUnpaused', data: { to: 'P', message: 'go', ...by(staff) } }]);
    project.given(historyTo.PS).when({ ...commandFor('Unpause', staff), email }).then([
      { type: 'ProjectUnpaused', data: { to: 'I', message: 'go', ...by(staff) } },
      { type: 'EmailRequested', data: { ...email, kind: 'unpause', message: 'go', ...by(staff) } },
    ]);
  });
  it('SendReminder records the reminder and its e-mail', () => {
    project.given(historyTo.A).when({ ...commandFor('SendReminder', staff), message: 'Please pay' }).then([
      { type: 'ReminderSent', data: { message: 'Please pay', ...by(staff) } },
      { type: 'EmailRequested', data: { emailId: 'e-1', to: 'ann@example.com', kind: 'reminder', message: 'Please pay', ...by(staff) } },
    ]);
    project.given(historyTo.A).when(commandFor('SendReminder', staff)).then([
      { type: 'ReminderSent', data: { message: '', ...by(staff) } },
      { type: 'EmailRequested', data: { emailId: 'e-1', to: 'ann@example.com', kind: 'reminder', message: '', ...by(staff) } },
    ]);
  });
});

describe('production', () => {
  it('StartProduction fixes the due date from the production time', () => {
    project.given(historyTo.P).when(commandFor('StartProduction', staff, '2024-04-01T23:00:00.000Z')).then([
      { type: 'ProductionStarted', data: { due: '2024-04-22', ...by(staff, '2024-04-01T23:00:00.000Z') } },
    ]);
  });
  it('StartProduction keeps a due date staff already set', () => {
    const due: ProjectEvent = { type: 'DueDateSet', data: { due: '2024-06-01', ...by(staff) } };
    project.given([...historyTo.P, due]).when(commandFor('StartProduction', staff)).then([{ type: 'ProductionStarted', data: { due: '2024-06-01', ...by(staff) } }]);
  });
  it('StartProduction needs a real command time', () => {
    project.given(historyTo.P).when(commandFor('StartProduction', staff, 'yesterday')).thenThrows('VALIDATION_FAILED');
  });
  it('ChangeProductionState records from and to; repeating the current state changes nothing', () => {
    project.given(historyTo.I).when(commandFor('ChangeProductionState', staff)).then([{ type: 'ProductionStateChanged', data: { from: 'N', to: 'CIP', ...by(staff) } }]);
    project.given(historyTo.I).when({ ...commandFor('ChangeProductionState', staff), productionState: 'N' }).then([]);
    project.given(historyTo.I).when({ ...commandFor('ChangeProductionState', staff), productionState: 'Z' as 'N' }).thenThrows('VALIDATION_FAILED');
  });
  it('MarkFabricArrived for one fabric or all, once', () => {
    project.given(historyTo.P).when({ ...commandFor('MarkFabricArrived', staff), fabricId: 'f-2' }).then([{ type: 'FabricReceived', data: { fabricId: 'f-2', ...by(staff) } }]);
    project.given(historyTo.P).when(commandFor('MarkFabricArrived', staff)).then([{ type: 'FabricReceived', data: { fabricId: null, ...by(staff) } }]);
    const one: ProjectEvent = { type: 'FabricReceived', data: { fabricId: 'f-2', ...by(staff) } };
    project.given([...historyTo.P, one]).when({ ...commandFor('MarkFabricArrived', staff), fabricId: 'f-2' }).thenThrows('FABRIC_ALREADY_ARRIVED');
    project.given([...historyTo.P, one]).when(commandFor('MarkFabricArrived', staff)).then([{ type: 'FabricReceived', data: { fabricId: null, ...by(staff) } }]);
    const all: ProjectEvent = { type: 'FabricReceived', data: { fabricId: null, ...by(staff) } };
    project.given([...historyTo.P, all]).when(commandFor('MarkFabricArrived', staff)).thenThrows('FABRIC_ALREADY_ARRIVED');
    project.given(historyTo.P).when({ ...commandFor('MarkFabricArrived', staff), fabricId: 'f-9' }).thenThrows('FABRIC_NOT_FOUND');
  });
  it('CompleteOnsiteVisit once', () => {
    project.given(historyTo.P).when(commandFor('CompleteOnsiteVisit', staff)).then([{ type: 'OnsiteVisitCompleted', data: by(staff) }]);
    project.given([...historyTo.P, { type: 'OnsiteVisitCompleted', data: by(staff) }]).when(commandFor('CompleteOnsiteVisit', staff)).thenThrows('ONSITE_VISIT_ALREADY_COMPLETE');
  });
  it('SetDueDate takes a calendar day', () => {
    project.given(historyTo.I).when({ ...commandFor('SetDueDate', staff), due: '2024-05-01T12:00:00Z' }).then([{ type: 'DueDateSet', data: { due: '2024-05-01', ...by(staff) } }]);
    project.given(historyTo.I).when({ ...commandFor('SetDueDate', staff), due: '2024-02-30' }).thenThrows('VALIDATION_FAILED');
    project.given(historyTo.I).when({ ...commandFor('SetDueDate', staff), due: 'soon' }).thenThrows('VALIDATION_FAILED');
  });
  it('SetProductionTime takes 2 to 24 whole weeks', () => {
    project.given(historyTo.R).when(commandFor('SetProductionTime', staff)).then([{ type: 'ProductionTimeSet', data: { weeks: 5, ...by(staff) } }]);
    project.given(historyTo.R).when({ ...commandFor('SetProductionTime', staff), weeks: 3 }).then([]);
    for (const weeks of [1, 25, 2.5]) project.given(historyTo.R).when({ ...commandFor('SetProductionTime', staff), weeks }).thenThrows('VALIDATION_FAILED');
  });
  it('Complete finishes production', () => {
    project.given(historyTo.I).when(commandFor('Complete', staff)).then([{ type: 'ProjectCompleted', data: by(staff) }]);
  });
});

describe('shipping, archiving, deleting', () => {
  it('Ship with carrier and tracking number', () => {
    project.given(historyTo.C).when(commandFor('Ship', staff)).then([{ type: 'ProjectShipped', data: { carrier: 'usps', trackingNumber: '9400', ...by(staff) } }]);
  });
  it('Ship without a carrier only for pick-up and our own delivery', () => {
    const pickUp = [created({ shipping_notes: { delivery_type: 2 } }), ...historyTo.C.slice(1)];
    project.given(pickUp).when({ ...commandFor('Ship', staff), carrier: null, trackingNumber: null }).then([{ type: 'ProjectShipped', data: { carrier: null, trackingNumber: null, ...by(staff) } }]);
    project.given(historyTo.C).when({ ...commandFor('Ship', staff), carrier: null, trackingNumber: null }).thenThrows('VALIDATION_FAILED');
    project.given(pickUp).when({ ...commandFor('Ship', staff), carrier: 'ups', trackingNumber: '  ' }).thenThrows('VALIDATION_FAILED');
  });
  it('Ship refuses while a balance is due', () => {
    project.given([...historyTo.A, paidPartly, started, completed]).when(commandFor('Ship', staff)).thenThrows('BALANCE_OUTSTANDING');
  });
  it('Archive records the state it left', () => {
    project.given(historyTo.I).when({ ...commandFor('Archive', staff), reason: 'Cancelled' }).then([{ type: 'ProjectArchived', data: { from: 'I', reason: 'Cancelled', ...by(staff) } }]);
    project.given(historyTo.D).when(commandFor('Archive', staff)).then([{ type: 'ProjectArchived', data: { from: 'D', reason: '', ...by(staff) } }]);
  });
  it('Delete a draft', () => {
    project.given(historyTo.D).when(commandFor('Delete', customer)).then([{ type: 'ProjectDeleted', data: by(customer) }]);
    project.given([created(), deleted]).when(commandFor('Delete', customer)).thenThrows('PROJECT_DELETED');
  });
});

describe('transfer', () => {
  it('moves the project to another user and tells them', () => {
    project.given(historyTo.A).when({ ...commandFor('Transfer', staff), organizationId: 'org-2', email: { emailId: 'e-5', to: 'bo@example.com' } }).then([
      { type: 'ProjectTransferred', data: { fromUserId: 'u-1', toUserId: 'u-3', organizationId: 'org-2', ...by(staff) } },
      { type: 'EmailRequested', data: { emailId: 'e-5', to: 'bo@example.com', kind: 'transfer', message: 'Project "Living room" was transferred to you.', ...by(staff) } },
    ]);
  });
  it('refuses a transfer to the current owner', () => {
    project.given(historyTo.A).when({ ...commandFor('Transfer', staff), toUserId: 'u-1' }).thenThrows('SAME_OWNER');
  });
});

describe('a guest project joining the account that proved the address (decision 0195)', () => {
  it('moves to that account, by its owner, in any state; once there, nothing more', () => {
    project.given(historyTo.R).when(commandFor('JoinAccount', customer)).then([
      { type: 'ProjectTransferred', data: { fromUserId: 'u-1', toUserId: 'u-3', organizationId: null, ...by(customer) } },
    ]);
    project.given(historyTo.A).when({ ...commandFor('JoinAccount', customer), toUserId: 'u-1' }).then([]);
  });
  it('is the owner\'s to do: not staff\'s, not a stranger\'s', () => {
    project.given(historyTo.D).when(commandFor('JoinAccount', staff)).thenThrows('NOT_ALLOWED_IN_STATE');
    project.given(historyTo.D).when(commandFor('JoinAccount', stranger)).thenThrows('NOT_YOUR_PROJECT');
  });
});

describe('staff notes', () => {
  const added: ProjectEvent = { type: 'NoteAdded', data: { noteId: 'n-1', text: 'Call back', ...by(staff) } };
  it('AddNote, EditNote, DeleteNote', () => {
    project.given(historyTo.R).when({ ...commandFor('AddNote', staff), text: '  Call back ' }).then([added]);
    project.given([...historyTo.R, added]).when(commandFor('EditNote', staff)).then([{ type: 'NoteEdited', data: { noteId: 'n-1', text: 'Called', ...by(staff) } }]);
    project.given([...historyTo.R, added]).when(commandFor('DeleteNote', staff)).then([{ type: 'NoteDeleted', data: { noteId: 'n-1', ...by(staff) } }]);
  });
  it('rules: unique ids, known notes, some text', () => {
    project.given([...historyTo.R, added]).when(commandFor('AddNote', staff)).thenThrows('NOTE_EXISTS');
    project.given(historyTo.R).when(commandFor('EditNote', staff)).thenThrows('NOTE_NOT_FOUND');
    project.given(historyTo.R).when(commandFor('DeleteNote', staff)).thenThrows('NOTE_NOT_FOUND');
    project.given(historyTo.R).when({ ...commandFor('AddNote', staff), text: '   ' }).thenThrows('VALIDATION_FAILED');
    project.given([...historyTo.R, added]).when({ ...commandFor('EditNote', staff), text: '' }).thenThrows('VALIDATION_FAILED');
  });
});

describe('e-mail outcomes', () => {
  const requested: ProjectEvent = { type: 'EmailRequested', data: { emailId: 'e-1', kind: 'reminder', to: 'ann@example.com', message: '', ...by(staff) } };
  const system = { userId: 'system', isStaff: true };
  it('records a sent or failed e-mail; a failed one may be retried', () => {
    project.given([...historyTo.A, requested]).when(commandFor('RecordEmailSent', system)).then([{ type: 'EmailSent', data: { emailId: 'e-1', ...by(system) } }]);
    project.given([...historyTo.A, requested]).when(commandFor('RecordEmailFailed', system)).then([{ type: 'EmailFailed', data: { emailId: 'e-1', reason: 'bounced', ...by(system) } }]);
    const failed: ProjectEvent = { type: 'EmailFailed', data: { emailId: 'e-1', reason: 'x', ...by(system) } };
    project.given([...historyTo.A, requested, failed]).when(commandFor('RecordEmailSent', system)).then([{ type: 'EmailSent', data: { emailId: 'e-1', ...by(system) } }]);
  });
  it('rejects unknown or already sent e-mails', () => {
    project.given(historyTo.A).when(commandFor('RecordEmailSent', system)).thenThrows('EMAIL_NOT_FOUND');
    const sent: ProjectEvent = { type: 'EmailSent', data: { emailId: 'e-1', ...by(system) } };
    project.given([...historyTo.A, requested, sent]).when(commandFor('RecordEmailFailed', system)).thenThrows('EMAIL_ALREADY_SENT');
  });
});

describe('card payment captures (docs/decisions/0380)', () => {
  const system = { userId: 'system', isStaff: true };
  const authorized: ProjectEvent = { type: 'PaymentRecorded', data: { amount: 50000, partial: false, remaining: 0, details: 'Card payment via sandbox', chargeId: 'ch-1', ...by(customer) } };
  const captured: ProjectEvent = { type: 'PaymentCaptured', data: { chargeId: 'ch-1', attempts: 1, ...by(system) } };
  it("records a charge's capture or its failure once", () => {
    project.given([...historyTo.A, authorized]).when(commandFor('RecordPaymentCaptured', system)).then([captured]);
    project.given([...historyTo.A, authorized]).when(commandFor('RecordPaymentCaptureFailed', system)).then([
      { type: 'PaymentCaptureFailed', data: { chargeId: 'ch-1', reason: 'refused', attempts: 5, ...by(system) } },
    ]);
    project.given([...historyTo.A, authorized, captured]).when(commandFor('RecordPaymentCaptured', system)).thenThrows('CHARGE_ALREADY_SETTLED');
    project.given([...historyTo.A, authorized, captured]).when(commandFor('RecordPaymentCaptureFailed', system)).thenThrows('CHARGE_ALREADY_SETTLED');
  });
  it('refuses a charge no payment recorded, and one recorded by hand has none', () => {
    project.given(historyTo.A).when(commandFor('RecordPaymentCaptured', system)).thenThrows('CHARGE_NOT_FOUND');
    project.given([...historyTo.A, paidPartly]).when(commandFor('RecordPaymentCaptured', system)).thenThrows('CHARGE_NOT_FOUND');
  });
  it('the customer is paid from the authorisation; the capture changes only the charge (the payment, the state, the balance stay)', () => {
    const afterAuthorization = fold(projectDecider, [...historyTo.A, authorized]);
    const afterCapture = fold(projectDecider, [...historyTo.A, authorized, captured]);
    if (afterAuthorization.status !== 'existing' || afterCapture.status !== 'existing') throw new Error('no project');
    expect(afterAuthorization.project).toMatchObject({ state: 'P', paid: T.now, balance_remaining: 0 });
    expect(afterAuthorization.project.charges).toEqual([{ chargeId: 'ch-1', amount: 50000, authorized: T.now, status: 'authorized', settled: null, failure: null, attempts: 0 }]);
    const { charges: capturedCharges, ...rest } = afterCapture.project;
    const { charges: _authorizedCharges, ...restBefore } = afterAuthorization.project;
    expect(rest).toEqual(restBefore);
    expect(capturedCharges).toEqual([{ chargeId: 'ch-1', amount: 50000, authorized: T.now, status: 'captured', settled: T.now, failure: null, attempts: 1 }]);
  });
  it('a project paid by hand keeps no charges at all (its stored state reads as before)', () => {
    const state = fold(projectDecider, [...historyTo.A, paidPartly]);
    if (state.status !== 'existing') throw new Error('no project');
    expect('charges' in state.project).toBe(false);
  });
});

describe('EraseCustomerData', () => {
  it('records the erasure on any project keyed to the person, deleted ones too, and never on a missing one', () => {
    const erased: ProjectEvent = { type: 'CustomerDataErased', data: { userId: customer.userId, ...by(staff) } };
    project.given(historyTo.P).when(commandFor('EraseCustomerData', staff)).then([erased]);
    project.given([created(), deleted]).when(commandFor('EraseCustomerData', staff)).then([erased]);
    project.given([]).when(commandFor('EraseCustomerData', staff)).thenThrows('PROJECT_NOT_FOUND');
  });
});
