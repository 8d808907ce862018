import { projectEventTypes, type ProjectEvent } from '@shop/domain';
import type { PoolClient, StoredEvent } from '@shop/infra';
import type { BulkProjection } from '../../rebuild/bulk-fold.js';
import type { Projection } from '../../runner/projection.js';
import { insertIntoTables } from '../batched-inserts.js';
import { activityEntry } from './activity.js';
import { eraseHistory } from './erasure.js';
import { timelineStep } from './timeline.js';
import { readProjectEvent } from '../read-project-event.js';
import { actorOf, atOf } from '../event-stamp.js';

/**
 * The history of each project: the staff activity log and the customer timeline. Each row comes
 * from its event alone, so nothing here keeps a project's state. The staff audit of every event
 * is no table of its own: it is the project's stream, read from the event store when staff open it
 * (read-models/project-audit, docs/decisions/0248).
 */
export const projectHistoryProjection: Projection = {
  name: 'project_history',
  version: 1,
  handles: projectEventTypes,
  tables: ['project_activity', 'project_timeline'],
  // Both logs inserted in one statement; an erasure rewrites the rows before it, so those go first.
  apply: async (client, events) => {
    let rows = { activity: [] as unknown[][], timeline: [] as unknown[][] };
    for (const event of events) {
      const domainEvent = readProjectEvent(event.type, event.data);
      if (domainEvent.type === 'CustomerDataErased') {
        await insertRows(client, rows);
        rows = { activity: [], timeline: [] };
        await eraseHistory(client, event.streamId);
      }
      collectRows(rows, event, domainEvent);
    }
    await insertRows(client, rows);
  },
};

async function insertRows(client: PoolClient, rows: { activity: unknown[][]; timeline: unknown[][] }): Promise<void> {
  await insertIntoTables(client, [
    { table: 'project_activity', columns: ACTIVITY_COLUMNS, types: ACTIVITY_TYPES, rows: rows.activity },
    { table: 'project_timeline', columns: TIMELINE_COLUMNS, types: TIMELINE_TYPES, rows: rows.timeline },
  ]);
}

function collectRows(
  rows: { activity: unknown[][]; timeline: unknown[][] },
  event: StoredEvent,
  domainEvent: ProjectEvent,
): void {
  const activity = activityRow(event, domainEvent);
  if (activity) rows.activity.push(activity);
  const timeline = timelineRow(event, domainEvent);
  if (timeline) rows.timeline.push(timeline);
}

const ACTIVITY_COLUMNS = ['stream_id', 'revision', 'kind', 'text', 'at', 'actor'] as const;
const TIMELINE_COLUMNS = ['stream_id', 'revision', 'step', 'label', 'at', 'detail'] as const;
const ACTIVITY_TYPES = ['text', 'bigint', 'text', 'text', 'text', 'text'] as const;
const TIMELINE_TYPES = ['text', 'bigint', 'text', 'text', 'text', 'jsonb'] as const;

/** The rows one event adds to each log, in the columns' order (one definition for every write path). */
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
  columns: { project_activity: ACTIVITY_COLUMNS, project_timeline: TIMELINE_COLUMNS },
  create: () => ({
    add: (event, shared, sink) => {
      const { domainEvent } = shared.projectStep(event);
      const activity = activityRow(event, domainEvent);
      if (activity) sink.push('project_activity', activity);
      const timeline = timelineRow(event, domainEvent);
      if (timeline) sink.push('project_timeline', timeline);
    },
    finish: () => [],
  }),
};
