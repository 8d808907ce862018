import type { MailKind, StoredEvent } from '@shop/infra';

export type { MailKind };

/** What the outbox keeps of a request event. */
export interface DeliveryRequest {
  requestEventId: string;
  streamId: string;
  /** The id the stream's EmailSent/EmailFailed refer to (project e-mails), else the event id. */
  emailId: string;
  kind: MailKind;
  recipient: string;
  payload: { message?: string; projectId?: string; userId?: string; joins?: 'account' | 'registration' };
  requestedAt: string;
  /** The request event's trace context (decision 0401); null with tracing off. */
  traceparent: string | null;
}

const accountKinds: Record<string, MailKind> = {
  ActivationRequested: 'activation',
  PasswordResetRequested: 'password_reset',
  ProfileCompletionRequested: 'profile_completion',
};

export const mailRequestEventTypes = ['EmailRequested', ...Object.keys(accountKinds)];

const idAfter = (streamId: string, prefix: string) => (streamId.startsWith(prefix) ? streamId.slice(prefix.length) : streamId);

/** The delivery an event asks for, or null when it asks for none. */
export function deliveryRequestOf(event: StoredEvent): DeliveryRequest | null {
  const data = event.data as Record<string, unknown>;
  const base = { requestEventId: event.id, streamId: event.streamId, requestedAt: event.metadata.occurredAt, traceparent: event.metadata.traceparent ?? null };
  if (event.type === 'EmailRequested') {
    return {
      ...base,
      emailId: String(data.emailId),
      kind: data.kind as MailKind,
      recipient: String(data.to),
      payload: { message: String(data.message ?? ''), projectId: idAfter(event.streamId, 'project-') },
    };
  }
  const kind = accountKinds[event.type];
  if (!kind) return null;
  const joins = data.joins === 'account' || data.joins === 'registration' ? { joins: data.joins as 'account' | 'registration' } : {};
  return { ...base, emailId: event.id, kind, recipient: String(data.email), payload: { userId: idAfter(event.streamId, 'account-'), ...joins } };
}
