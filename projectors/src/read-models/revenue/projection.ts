import { PaymentRecorded, ProjectCopied, ProjectCreated } from '@shop/domain';
import type { PoolClient, StoredEvent } from '@shop/infra';
import { rowPerStream, type BulkProjection } from '../../rebuild/bulk-fold.js';
import type { Projection } from '../../runner/projection.js';

/** Payments as revenue: one row per PaymentRecorded, dated by when the payment was recorded. */
export const revenueProjection: Projection = {
  name: 'revenue',
  handles: ['ProjectCreated', 'ProjectCopied', 'PaymentRecorded'],
  tables: ['revenue_payments', 'revenue_projects'],
  apply: async (client, event) => {
    if (event.type === 'PaymentRecorded') await recordPayment(client, event);
    else await recordProject(client, event);
  },
};

async function recordProject(client: PoolClient, event: StoredEvent): Promise<void> {
  const { data } = (event.type === 'ProjectCopied' ? ProjectCopied : ProjectCreated).parse({ type: event.type, data: event.data });
  await client.query('INSERT INTO revenue_projects (stream_id, project_id) VALUES ($1, $2) ON CONFLICT (stream_id) DO NOTHING', [
    event.streamId,
    data.projectId,
  ]);
}

async function recordPayment(client: PoolClient, event: StoredEvent): Promise<void> {
  const { data } = PaymentRecorded.parse({ type: event.type, data: event.data });
  const project = await client.query<{ project_id: string }>('SELECT project_id FROM revenue_projects WHERE stream_id = $1', [event.streamId]);
  const projectId = project.rows[0]?.project_id;
  if (!projectId) throw new Error(`payment on stream ${event.streamId}, which holds no project`);
  await client.query(
    `INSERT INTO revenue_payments (event_id, stream_id, project_id, amount, partial, remaining, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [event.id, event.streamId, projectId, data.amount, data.partial, data.remaining, data.at],
  );
}

/**
 * One-pass rebuild: each stream's project id kept in memory (the first ProjectCreated or
 * ProjectCopied wins, as `ON CONFLICT DO NOTHING` does), payments written as they come.
 */
export const revenueBulk: BulkProjection = {
  name: 'revenue',
  columns: {
    revenue_payments: ['event_id', 'stream_id', 'project_id', 'amount', 'partial', 'remaining', 'paid_at'],
    revenue_projects: ['stream_id', 'project_id'],
  },
  create: () => {
    const projects = new Map<string, string>();
    return {
      add: (event, _shared, sink) => {
        if (event.type !== 'PaymentRecorded') {
          const { data } = (event.type === 'ProjectCopied' ? ProjectCopied : ProjectCreated).parse({ type: event.type, data: event.data });
          if (!projects.has(event.streamId)) projects.set(event.streamId, data.projectId);
          return;
        }
        const { data } = PaymentRecorded.parse({ type: event.type, data: event.data });
        const projectId = projects.get(event.streamId);
        if (!projectId) throw new Error(`payment on stream ${event.streamId}, which holds no project`);
        sink.push('revenue_payments', [event.id, event.streamId, projectId, data.amount, data.partial, data.remaining, data.at]);
      },
      ...rowPerStream(projects, (streamId, projectId) => ['revenue_projects', [streamId, projectId]]),
    };
  },
};
