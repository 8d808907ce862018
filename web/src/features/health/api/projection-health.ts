import { apiClient } from '../../../lib/api-client';
import type { GetJson } from '../../../lib/api-types';

export type ProjectionHealth = GetJson<'/internal/projections/'>;
export type ParkedStream = ProjectionHealth['parked_streams'][number];
export type KafkaFeedHealth = NonNullable<ProjectionHealth['kafka']>;

export const fetchProjectionHealth = () => apiClient.get<ProjectionHealth>('/internal/projections/');

export const retryParkedStream = (stream: Pick<ParkedStream, 'projection' | 'stream_id'>) =>
  apiClient.post<{ message: string }>('/internal/projections/parked/retry/', { projection: stream.projection, stream_id: stream.stream_id });
