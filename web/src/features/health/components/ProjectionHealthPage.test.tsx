import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import type { KafkaFeedHealth, ProjectionHealth } from '../api/projection-health';
import { ProjectionHealthPage } from './ProjectionHealthPage';

vi.mock('../../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client')>();
  return { ...actual, apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const get = vi.mocked(apiClient.get);

/** GET /api/internal/projections/ as query-api/src/routes/projection-health-routes.ts answers it: one projection, one parked stream. */
function health(kafka: KafkaFeedHealth | null): ProjectionHealth {
  return {
    projections: [{ name: 'projects', position: 120, lag_events: 3, lag_ms: 1500, parked_streams: 1, version: 2, upgrade: null }],
    parked_streams: [
      {
        projection: 'projects',
        stream_id: 'project-7',
        applied_revision: 4,
        event_id: 'e-9',
        event_type: 'ProjectRenamed',
        event_revision: 5,
        error: 'name missing',
        parked_at: '2026-12-07T09:00:00.000Z',
        retry_requested_at: null,
      },
    ],
    kafka,
  };
}

const feed: KafkaFeedHealth = {
  topic: 'shop-events',
  consumer_lag: [
    { partition: 0, messages: 0 },
    { partition: 1, messages: 42 },
  ],
  consumer_lag_error: null,
  relay: { lag_events: 7, lag_ms: 2500 },
  gap_fills: {
    total: 2,
    events_filled: 5,
    recent: [{ projection: 'projects', stream_id: 'project-12', from_revision: 3, to_revision: 6, events_filled: 4, filled_at: '2026-12-07T09:30:00.000Z' }],
  },
};

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ProjectionHealthPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ProjectionHealthPage', () => {
  beforeEach(() => get.mockReset());

  it("shows the Kafka feed: the projector group's lag per partition, the relay's lag and the gaps filled from the event store", async () => {
    get.mockResolvedValue(health(feed));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Kafka feed' })).toBeInTheDocument();
    const partitions = within(screen.getByRole('table', { name: 'Consumer lag per partition' })).getAllByRole('row');
    expect(partitions.map((row) => row.textContent)).toEqual(['PartitionMessages not yet applied', '00', '142']);
    expect(screen.getByText(/Relay: 7 events not yet in Kafka, the oldest waiting 2\.5 s \(topic shop-events\)/)).toBeInTheDocument();
    expect(screen.getByText(/Gaps filled from the event store: 2 \(5 events that did not come through Kafka\)/)).toBeInTheDocument();
    const fills = within(screen.getByRole('list', { name: 'Gaps filled from the event store' })).getAllByRole('listitem');
    expect(fills).toHaveLength(1);
    expect(fills[0]).toHaveTextContent('projects · project-12 · revisions 3–6');
    // Parked streams stay listed beside it, with their count per read model.
    expect(screen.getByRole('heading', { name: 'Parked streams' })).toBeInTheDocument();
    expect(screen.getByText(/project-7 · ProjectRenamed \(revision 5\)/)).toBeInTheDocument();
  });

  it('says when every event came through Kafka, and when the brokers could not be asked', async () => {
    get.mockResolvedValue(health({ ...feed, consumer_lag: null, consumer_lag_error: 'Connection timeout', relay: { lag_events: 0, lag_ms: 0 }, gap_fills: { total: 0, events_filled: 0, recent: [] } }));
    renderPage();
    expect(await screen.findByText(/Relay: every event is in Kafka/)).toBeInTheDocument();
    expect(screen.getByText('No gaps: every event came through Kafka.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The consumer lag could not be read from Kafka: Connection timeout');
    expect(screen.queryByRole('table', { name: 'Consumer lag per partition' })).not.toBeInTheDocument();
  });

  it('shows no Kafka section when the projections follow the log directly', async () => {
    get.mockResolvedValue(health(null));
    renderPage();
    expect(await screen.findByRole('table', { name: 'Projections' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Kafka feed' })).not.toBeInTheDocument();
  });
});
