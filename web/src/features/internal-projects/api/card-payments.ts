import { apiClient } from '../../../lib/api-client';
import type { GetJson } from '../../../lib/api-types';

/** Each card payment of a project and where its capture stands (decision 0380). */
export type CardPayment = GetJson<'/internal/payments/'>[number];

export const fetchCardPayments = (projectId: string) => apiClient.get<CardPayment[]>(`/internal/payments/?project_id=${encodeURIComponent(projectId)}`);
