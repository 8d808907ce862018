import type { ProjectEvent } from '@shop/domain';
import type { PoolClient, StoredEvent } from '@shop/infra';
import type { Projection } from '../../runner/projection.js';
import { statePerStream, type ReadProjectEvent } from '../state-per-stream.js';

const PROJECT_COLUMNS = ['stream_id', 'project_id'] as const;
const PAYMENT_COLUMNS = ['event_id', 'stream_id', 'project_id', 'amount', 'partial', 'remaining', 'paid_at'] as const;
const PAYMENT_TYPES = ['uuid', 'text', 'text', 'bigint', 'boolean', 'bigint', 'timestamptz'] as const;

/** A payment's row; the stream must hold a project. */
function paymentRow(event: StoredEvent, projectId: string | undefined, read: ReadProjectEvent): unknown[] {
  const data = paymentOf(event, read);
  if (!projectId) throw new Error(`payment on stream ${event.streamId}, which holds no project`);
  return [event.id, event.streamId, projectId, data.amount, data.partial, data.remaining, data.at];
}

function projectIdOf(event: StoredEvent, read: ReadProjectEvent): string {
  const domainEvent = read(event);
  if (domainEvent.type !== 'ProjectCreated' && domainEvent.type !== 'ProjectCopied') throw new Error(`revenue reads a project id from ${event.type}`);
  return domainEvent.data.projectId;
}

function paymentOf(event: StoredEvent, read: ReadProjectEvent): Extract<ProjectEvent, { type: 'PaymentRecorded' }>['data'] {
  const domainEvent = read(event);
  if (domainEvent.type !== 'PaymentRecorded') throw new Error(`revenue reads a payment from ${event.type}`);
  return domainEvent.data;
}

/**
 * Payments as revenue: one row per PaymentRecorded, dated by when the payment was recorded, with
 * the project id of its stream (the first ProjectCreated or ProjectCopied wins, and is kept).
 */
const revenue = statePerStream<string>({
  name: 'revenue',
  state: { table: 'revenue_projects', columns: PROJECT_COLUMNS, types: ['text', 'text'], row: (streamId, projectId) => [streamId, projectId], load: storedProjects, keepStored: true },
  logs: { revenue_payments: { columns: PAYMENT_COLUMNS, types: PAYMENT_TYPES } },
  step: (projectId, event, read) => {
    if (event.type === 'PaymentRecorded') return { rows: [['revenue_payments', paymentRow(event, projectId, read)]] };
    // Read before the check: a malformed later copy still fails.
    const created = projectIdOf(event, read);
    return { state: projectId === undefined ? created : undefined };
  },
});

export const revenueProjection: Projection = {
  name: 'revenue',
  version: 1,
  handles: ['ProjectCreated', 'ProjectCopied', 'PaymentRecorded'],
  tables: ['revenue_payments', 'revenue_projects'],
  apply: revenue.apply,
};

/** One-pass rebuild: each stream's project id kept in memory, payments written as they come. */
export const revenueBulk = revenue.bulk;

async function storedProjects(client: PoolClient, streamIds: string[]): Promise<Map<string, string>> {
  if (streamIds.length === 0) return new Map();
  const { rows } = await client.query<{ stream_id: string; project_id: string }>('SELECT stream_id, project_id FROM revenue_projects WHERE stream_id = ANY($1)', [streamIds]);
  return new Map(rows.map((row) => [row.stream_id, row.project_id]));
}
