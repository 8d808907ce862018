import { projectEventTypes, type ProjectEvent } from '@shop/domain';
import type { PoolClient, StoredEvent } from '@shop/infra';
import type { BulkProjection } from '../../rebuild/bulk-fold.js';
import type { Projection } from '../../runner/projection.js';
import { insertIntoTables } from '../batched-inserts.js';
import { activityEntry } from './activity.js';
import { eraseHistory } from './erasure.js';
import { timelineStep } from './timeline.js';
import { readProjectEvent } from '../read-project-event.js';

/**
 * The history of each project: the staff activity log, the customer timeline and the audit
 * log of every event. Each row comes from its event alone; "what changed" is the difference of
 * the domain's views before and after each event, folded from the audit rows when a project's
 * log is read (audit-changes.ts), so nothing here keeps a project's state.
 */
export const projectHistoryProjection: Projection = {
  name: 'project_history',
  version: 1,
  handles: projectEventTypes,
  tables: ['project_activity', 'project_timeline', 'project_audit_log'],
  apply: async (client, event) => {
    const domainEvent = readProjectEvent(event.type, event.data);
    if (domainEvent.type === 'CustomerDataErased') await eraseHistory(client, event.streamId);
    await appendAudit(client, event);
    await appendActivity(client, event, domainEvent);
    await appendTimeline(client, event, domainEvent);
  },
  // Same rows in fewer round trips: the three logs inserted in one statement.
  applyMany: async (client, events) => {
    // An erasure rewrites the rows before it, so a batch holding one goes event by event.
    if (events.some((event) => event.type === 'CustomerDataErased')) {
      for (const event of events) await projectHistoryProjection.apply(client, event);
      return;
    }
    const rows = { audit: [] as unknown[][], activity: [] as unknown[][], timeline: [] as unknown[][] };
    for (const event of events) collectRows(rows, event, readProjectEvent(event.type, event.data));
    await insertIntoTables(client, [
      { table: 'project_audit_log', columns: AUDIT_COLUMNS, types: AUDIT_TYPES, rows: rows.audit },
      { table: 'project_activity', columns: ACTIVITY_COLUMNS, types: ACTIVITY_TYPES, rows: rows.activity },
      { table: 'project_timeline', columns: TIMELINE_COLUMNS, types: TIMELINE_TYPES, rows: rows.timeline },
    ]);
  },
};

function collectRows(
  rows: { audit: unknown[][]; activity: unknown[][]; timeline: unknown[][] },
  event: StoredEvent,
  domainEvent: ProjectEvent,
): void {
  rows.audit.push(auditRow(event));
  const activity = activityRow(event, domainEvent);
  if (activity) rows.activity.push(activity);
  const timeline = timelineRow(event, domainEvent);
  if (timeline) rows.timeline.push(timeline);
}

const AUDIT_COLUMNS = ['stream_id', 'revision', 'event_id', 'global_position', 'type', 'actor', 'at', 'data'] as const;
const ACTIVITY_COLUMNS = ['stream_id', 'revision', 'kind', 'text', 'at', 'actor'] as const;
const TIMELINE_COLUMNS = ['stream_id', 'revision', 'step', 'label', 'at', 'detail'] as const;
const AUDIT_TYPES = ['text', 'bigint', 'uuid', 'bigint', 'text', 'text', 'text', 'jsonb'] as const;
const ACTIVITY_TYPES = ['text', 'bigint', 'text', 'text', 'text', 'text'] as const;
const TIMELINE_TYPES = ['text', 'bigint', 'text', 'text', 'text', 'jsonb'] as const;

/** The rows one event adds to each log, in the columns' order (one definition for every write path). */
function auditRow(event: StoredEvent): unknown[] {
  return [event.streamId, event.revision, event.id, event.globalPosition, event.type, actorOf(event), atOf(event), event.data];
}

function activityRow(event: StoredEvent, domainEvent: ProjectEvent): unknown[] | null {
  const entry = activityEntry(domainEvent);
  return entry ? [event.streamId, event.revision, entry.kind, entry.text, atOf(event), actorOf(event)] : null;
}

function timelineRow(event: StoredEvent, domainEvent: ProjectEvent): unknown[] | null {
  const step = timelineStep(domainEvent);
  return step ? [event.streamId, event.revision, step.step, step.label, atOf(event), step.detail] : null;
}

/** One-pass rebuild: log rows go out as events come; the parse is shared with the projects projection. */
export const projectHistoryBulk: BulkProjection = {
  name: 'project_history',
  columns: { project_activity: ACTIVITY_COLUMNS, project_timeline: TIMELINE_COLUMNS, project_audit_log: AUDIT_COLUMNS },
  create: () => ({
    add: (event, shared, sink) => {
      const { domainEvent } = shared.projectStep(event);
      sink.pushFromTheLog('project_audit_log', event, auditRow(event));
      const activity = activityRow(event, domainEvent);
      if (activity) sink.push('project_activity', activity);
      const timeline = timelineRow(event, domainEvent);
      if (timeline) sink.push('project_timeline', timeline);
    },
    finish: () => [],
  }),
  fromTheLog: {
    // auditRow, in SQL: the same columns from the event's log row, with actorOf and atOf below.
    // Rows are made here only for events folded as stored, which their schema has accepted, and
    // every project event's schema requires \`at\` and \`by\` as strings (audit-from-the-log.test.ts):
    // so "the field if it is a string, else the metadata's" is simply "the field, else the
    // metadata's" (older versions are upcast by the reader and go as text). The jsonb_typeof
    // tests this replaced were a fifth of the statement's time.
    project_audit_log: `e.stream_id, e.stream_revision, e.event_id, e.global_position, e.event_type,
      COALESCE(e.data ->> 'by', e.metadata ->> 'actor'), COALESCE(e.data ->> 'at', e.metadata ->> 'occurredAt'), e.data`,
  },
};

async function appendAudit(client: PoolClient, event: StoredEvent): Promise<void> {
  await client.query(`INSERT INTO project_audit_log (${AUDIT_COLUMNS.join(', ')}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, auditRow(event));
}

async function appendActivity(client: PoolClient, event: StoredEvent, domainEvent: ProjectEvent): Promise<void> {
  const row = activityRow(event, domainEvent);
  if (row) await client.query(`INSERT INTO project_activity (${ACTIVITY_COLUMNS.join(', ')}) VALUES ($1, $2, $3, $4, $5, $6)`, row);
}

async function appendTimeline(client: PoolClient, event: StoredEvent, domainEvent: ProjectEvent): Promise<void> {
  const row = timelineRow(event, domainEvent);
  if (row) await client.query(`INSERT INTO project_timeline (${TIMELINE_COLUMNS.join(', ')}) VALUES ($1, $2, $3, $4, $5, $6)`, row);
}

// The domain stamps every event with when and by whom (data.at, data.by); the envelope's
// metadata is the fallback for anything older. projectHistoryBulk.fromTheLog says the same in SQL.
const atOf = (event: StoredEvent): string => (typeof event.data.at === 'string' ? event.data.at : event.metadata.occurredAt);
const actorOf = (event: StoredEvent): string => (typeof event.data.by === 'string' ? event.data.by : event.metadata.actor);
