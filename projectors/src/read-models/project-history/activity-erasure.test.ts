import { describe, expect, it } from 'vitest';
import { ERASED, erasePersonalFields, type ProjectEvent } from '@shop/domain';
import { activityEntry, erasedActivityText } from './activity.js';

// An erasure words the activity log again from its lines alone (decision 0248): each line must come
// out as the event read with a destroyed key words it, which is what a rebuild writes.
const stamp = { at: '2026-03-02T15:00:00.000Z', by: 'u1' };
const quoting = [
  { type: 'InvoiceSent', data: { ...stamp, email: 'erin@forget.test', amount: 100 } },
  { type: 'EmailFailed', data: { ...stamp, emailId: 'm1', reason: 'Mailbox erin@forget.test: unknown user, see: RFC 5321' } },
  // A reason that looks like another line's words changes nothing.
  { type: 'EmailFailed', data: { ...stamp, emailId: 'm2', reason: 'Invoice sent to nobody' } },
] as unknown as ProjectEvent[];
const quotingNone = [
  { type: 'ReminderSent', data: stamp },
  { type: 'ReturnedToDraft', data: { ...stamp, from: 'R', reason: 'Invoice sent to the wrong person' } },
  { type: 'ProjectArchived', data: { ...stamp, reason: 'E-mail could not be sent: twice' } },
  { type: 'PaymentRecorded', data: { ...stamp, amount: 31_250, partial: false, remaining: 0, details: '' } },
] as unknown as ProjectEvent[];

describe('activity lines after an erasure', () => {
  it('are the lines of the events with their personal fields erased', () => {
    for (const event of quoting) {
      const erased = activityEntry({ type: event.type, data: erasePersonalFields(event.type, event.data) } as ProjectEvent)!.text;
      expect(erased).toContain(ERASED);
      expect(erasedActivityText(activityEntry(event)!.text)).toBe(erased);
      expect(erasedActivityText(erased)).toBe(erased);
    }
  });

  it('leave lines that quote no personal field alone', () => {
    for (const event of quotingNone) expect(erasedActivityText(activityEntry(event)!.text), event.type).toBeNull();
  });
});
