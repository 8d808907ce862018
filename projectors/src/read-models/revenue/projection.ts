import type { ProjectEvent } from '@shop/domain';
import type { StoredEvent } from '@shop/infra';
import { insertIntoTables } from '../batched-inserts.js';
import { readProjectEvent } from '../read-project-event.js';
import { rowPerStream, type BulkProjection } from '../../rebuild/bulk-fold.js';
import type { Projection } from '../../runner/projection.js';

/** Payments as revenue: one row per PaymentRecorded, dated by when the payment was recorded. */
export const revenueProjection: Projection = {
  name: 'revenue',
  version: 1,
  handles: ['ProjectCreated', 'ProjectCopied', 'PaymentRecorded'],
  tables: ['revenue_payments', 'revenue_projects'],
  // A batch's projects and payments in one statement, the projects its payments name read in one.
  apply: async (client, events) => {
    const projects = new Map<string, string>();
    const paid = events.filter((event) => event.type === 'PaymentRecorded').map((event) => event.streamId);
    if (paid.length > 0) {
      const known = await client.query<{ stream_id: string; project_id: string }>('SELECT stream_id, project_id FROM revenue_projects WHERE stream_id = ANY($1)', [paid]);
      for (const row of known.rows) projects.set(row.stream_id, row.project_id);
    }
    const projectRows: unknown[][] = [];
    const paymentRows: unknown[][] = [];
    for (const event of events) {
      if (event.type !== 'PaymentRecorded') {
        const projectId = projectIdOf(event);
        if (!projects.has(event.streamId)) projects.set(event.streamId, projectId);
        projectRows.push([event.streamId, projectId]);
        continue;
      }
      paymentRows.push(paymentRow(event, projects.get(event.streamId)));
    }
    await insertIntoTables(client, [
      { table: 'revenue_projects', columns: PROJECT_COLUMNS, types: ['text', 'text'], rows: projectRows, onConflict: 'ON CONFLICT (stream_id) DO NOTHING' },
      { table: 'revenue_payments', columns: PAYMENT_COLUMNS, types: PAYMENT_TYPES, rows: paymentRows },
    ]);
  },
};

const PROJECT_COLUMNS = ['stream_id', 'project_id'] as const;
const PAYMENT_COLUMNS = ['event_id', 'stream_id', 'project_id', 'amount', 'partial', 'remaining', 'paid_at'] as const;
const PAYMENT_TYPES = ['uuid', 'text', 'text', 'bigint', 'boolean', 'bigint', 'timestamptz'] as const;

/** A payment's row; the stream must hold a project. */
function paymentRow(event: StoredEvent, projectId: string | undefined, read: ReadEvent = readLive): unknown[] {
  const data = paymentOf(event, read);
  if (!projectId) throw new Error(`payment on stream ${event.streamId}, which holds no project`);
  return [event.id, event.streamId, projectId, data.amount, data.partial, data.remaining, data.at];
}

// Read as every projection reads project events (readProjectEvent: an exact check, zod when it
// says no), not with zod alone: zod's parse copied the whole ProjectCreated body, fabrics and all,
// for the one field kept here. A rebuild reads through its shared folds instead (the store checked
// the event at append; parsed once for every projection: decision 0100).
type ReadEvent = (event: StoredEvent) => ProjectEvent;
const readLive: ReadEvent = (event) => readProjectEvent(event.type, event.data);

function projectIdOf(event: StoredEvent, read: ReadEvent = readLive): string {
  const domainEvent = read(event);
  if (domainEvent.type !== 'ProjectCreated' && domainEvent.type !== 'ProjectCopied') throw new Error(`revenue reads a project id from ${event.type}`);
  return domainEvent.data.projectId;
}

function paymentOf(event: StoredEvent, read: ReadEvent): Extract<ProjectEvent, { type: 'PaymentRecorded' }>['data'] {
  const domainEvent = read(event);
  if (domainEvent.type !== 'PaymentRecorded') throw new Error(`revenue reads a payment from ${event.type}`);
  return domainEvent.data;
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
      add: (event, shared, sink) => {
        const read = (stored: StoredEvent) => shared.projectEvent(stored);
        if (event.type !== 'PaymentRecorded') {
          // Read before the check, as `apply` reads every one: a malformed later copy still fails.
          const projectId = projectIdOf(event, read);
          if (!projects.has(event.streamId)) projects.set(event.streamId, projectId);
          return;
        }
        sink.push('revenue_payments', paymentRow(event, projects.get(event.streamId), read));
      },
      ...rowPerStream(projects, (streamId, projectId) => ['revenue_projects', [streamId, projectId]]),
    };
  },
};
