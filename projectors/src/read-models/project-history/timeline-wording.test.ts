import { describe, expect, it } from 'vitest';
import { eventName, type ProjectEvent } from '@shop/domain';
import { timelineStep } from './timeline.js';

// Issue 17: the customer timeline and the staff audit log say the same thing for the same event.
// The timeline labels are stored by the projection; the audit names are the domain's wording.
const stamp = { at: '2026-03-02T15:00:00.000Z', by: 'u1' };
const events = [
  { type: 'ProjectCreated', data: stamp },
  { type: 'SubmittedForReview', data: stamp },
  { type: 'ReturnedToDraft', data: { ...stamp, reason: 'x' } },
  { type: 'ProjectApproved', data: stamp },
  { type: 'PaymentRecorded', data: { ...stamp, amount: 31_250, partial: false, remaining: 0, details: '' } },
  { type: 'FabricReceived', data: { ...stamp, fabricId: null } },
  { type: 'OnsiteVisitCompleted', data: stamp },
  { type: 'ProductionStarted', data: { ...stamp, due: '2026-04-01' } },
  { type: 'DueDateSet', data: { ...stamp, due: '2026-04-01' } },
  { type: 'ProjectPaused', data: { ...stamp, from: 'P', message: 'm' } },
  { type: 'ProjectUnpaused', data: { ...stamp, to: 'P', message: 'm' } },
  { type: 'ProjectCompleted', data: stamp },
  { type: 'ProjectShipped', data: { ...stamp, carrier: null, trackingNumber: null } },
  { type: 'ProjectArchived', data: { ...stamp, from: 'S', reason: '' } },
] as unknown as ProjectEvent[];

describe('customer timeline wording', () => {
  it.each(events.map((event) => [event.type, event] as const))('labels %s with the audit log’s business name', (_type, event) => {
    expect(timelineStep(event)?.label).toBe(eventName(event.type));
  });
});
