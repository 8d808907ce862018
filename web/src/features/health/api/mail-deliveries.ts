import { apiClient } from '../../../lib/api-client';
import type { GetJson } from '../../../lib/api-types';

/** The mail outbox's deliveries staff follow (decision 0327): failed for good, retried, or not sent yet. */
export type MailDelivery = GetJson<'/internal/mail-deliveries/'>[number];
export type DeliveryFilter = 'failed' | 'retried' | 'unsent';

export const fetchMailDeliveries = (status: DeliveryFilter) => apiClient.get<MailDelivery[]>(`/internal/mail-deliveries/?status=${status}`);
