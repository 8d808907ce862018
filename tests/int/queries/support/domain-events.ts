import { randomUUID } from 'node:crypto';
import { schemaVersionOf, type AccountEvent, type OrganizationEvent, type ProjectEvent, type ProjectEventOf } from '@shop/domain';
import type { EventStore, Pool } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';

/**
 * Domain events appended straight to the event store, for read-side tests whose data the
 * command API cannot make: past dates (statistics, time travel) and bulk (rebuild). Everything
 * else is built through the HTTP command API.
 */
export type AnyDomainEvent = ProjectEvent | AccountEvent | OrganizationEvent;

export async function appendDomainEvents(pool: Pool, streamId: string, events: readonly AnyDomainEvent[], store: EventStore = new PostgresEventStore(pool)): Promise<number> {
  const { nextRevision } = await store.appendToStream(
    streamId,
    events.map((event) => ({
      id: randomUUID(),
      type: event.type,
      schemaVersion: schemaVersionOf(event.type),
      data: event.data as Record<string, unknown>,
      metadata: { actor: event.data.by, correlationId: randomUUID(), causationId: null, occurredAt: event.data.at },
    })),
  );
  return nextRevision;
}

const stamp = (at: string, by: string) => ({ at, by });

export interface ProjectSetup {
  projectId: string;
  ownerId: string;
  name?: string;
  organizationId?: string | null;
  at: string;
}

export function projectCreated(setup: ProjectSetup): ProjectEventOf<'ProjectCreated'> {
  return {
    type: 'ProjectCreated',
    data: {
      projectId: setup.projectId,
      ownerId: setup.ownerId,
      organizationId: setup.organizationId ?? null,
      productionTime: 3,
      name: setup.name ?? `Project ${setup.projectId}`,
      category: 'P',
      fabrics: [
        { id: 'f-1', name: 'Linen', source: 'shop', unit_price: 2500, items: [{ product_id: 1, product_type: 'P', quantity: 2, unit_price: 9500, yardage: 1 }] },
        { id: 'f-2', name: 'Own velvet', source: 'customer', items: [{ product_id: 0, quantity: 1, name: 'Bench', has_upholstery: true, unit_price: 30000 }] },
      ],
      additional_notes: '',
      notes: { tax_exempt: true },
      shipping_notes: { delivery_type: 2 },
      shipping_cost: 0,
      ...stamp(setup.at, setup.ownerId),
    },
  };
}

/** Events that move a created project along, each at its own time. */
export const projectEvents = {
  submitted: (at: string, by: string): ProjectEvent => ({ type: 'SubmittedForReview', data: stamp(at, by) }),
  approved: (at: string, by: string): ProjectEvent => ({ type: 'ProjectApproved', data: stamp(at, by) }),
  paid: (at: string, by: string, amount: number, remaining = 0): ProjectEvent => ({
    type: 'PaymentRecorded',
    data: { amount, partial: remaining > 0, remaining, details: '', chargeId: null, ...stamp(at, by) },
  }),
  started: (at: string, by: string, due: string): ProjectEvent => ({ type: 'ProductionStarted', data: { due, ...stamp(at, by) } }),
  production: (at: string, by: string, from: 'N' | 'CIP', to: 'CIP' | 'CC'): ProjectEvent => ({ type: 'ProductionStateChanged', data: { from, to, ...stamp(at, by) } }),
  paused: (at: string, by: string, from: 'P' | 'I'): ProjectEvent => ({ type: 'ProjectPaused', data: { from, message: 'Waiting for your fabric', ...stamp(at, by) } }),
  unpaused: (at: string, by: string, to: 'P' | 'I'): ProjectEvent => ({ type: 'ProjectUnpaused', data: { to, message: 'Back on it', ...stamp(at, by) } }),
  completed: (at: string, by: string): ProjectEvent => ({ type: 'ProjectCompleted', data: stamp(at, by) }),
  shipped: (at: string, by: string): ProjectEvent => ({ type: 'ProjectShipped', data: { carrier: 'ups', trackingNumber: '1Z999', ...stamp(at, by) } }),
  archived: (at: string, by: string): ProjectEvent => ({ type: 'ProjectArchived', data: { from: 'D', reason: 'duplicate', ...stamp(at, by) } }),
  noteAdded: (at: string, by: string, noteId: string, text: string): ProjectEvent => ({ type: 'NoteAdded', data: { noteId, text, ...stamp(at, by) } }),
  invoiceSent: (at: string, by: string, email: string): ProjectEvent => ({ type: 'InvoiceSent', data: { email, amountDue: 49000, ...stamp(at, by) } }),
  fabricArrived: (at: string, by: string): ProjectEvent => ({ type: 'FabricReceived', data: { fabricId: null, ...stamp(at, by) } }),
  deleted: (at: string, by: string): ProjectEvent => ({ type: 'ProjectDeleted', data: stamp(at, by) }),
};

export function registered(userId: string, email: string, name: string, at: string): AccountEvent {
  return { type: 'Registered', data: { userId, email, name, phone: '555-0100', isDesigner: false, ...stamp(at, userId) } };
}

export function organizationCreated(organizationId: string, name: string, at: string, by: string): OrganizationEvent {
  return { type: 'OrganizationCreated', data: { organizationId, name, email: '', phone: '', address: '', ...stamp(at, by) } };
}

export const memberAdded = (userId: string, at: string, by: string): OrganizationEvent => ({ type: 'MemberAdded', data: { userId, ...stamp(at, by) } });
