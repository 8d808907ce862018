import { projectEventTypes } from '@shop/domain';
import type { TableRow } from '../../rebuild/bulk-fold.js';
import type { Projection } from '../../runner/projection.js';
import { statePerStream } from '../state-per-stream.js';
import { activityEntry } from './activity.js';
import { eraseHistory } from './erasure.js';
import { timelineStep } from './timeline.js';
import { actorOf, atOf } from '../event-stamp.js';

const ACTIVITY_COLUMNS = ['stream_id', 'revision', 'kind', 'text', 'at', 'actor'] as const;
const TIMELINE_COLUMNS = ['stream_id', 'revision', 'step', 'label', 'at', 'detail'] as const;
const ACTIVITY_TYPES = ['text', 'bigint', 'text', 'text', 'text', 'text'] as const;
const TIMELINE_TYPES = ['text', 'bigint', 'text', 'text', 'text', 'jsonb'] as const;

/**
 * The history of each project: the staff activity log and the customer timeline. Each row comes
 * from its event alone, so nothing here keeps a project's state. The staff audit of every event
 * is no table of its own: it is the project's stream, read from the event store when staff open it
 * (read-models/project-audit, docs/decisions/0248).
 */
const history = statePerStream<never>({
  name: 'project_history',
  logs: {
    project_activity: { columns: ACTIVITY_COLUMNS, types: ACTIVITY_TYPES },
    project_timeline: { columns: TIMELINE_COLUMNS, types: TIMELINE_TYPES },
  },
  step: (_, event, read) => {
    const domainEvent = read(event);
    const rows: TableRow[] = [];
    const entry = activityEntry(domainEvent);
    if (entry) rows.push(['project_activity', [event.streamId, event.revision, entry.kind, entry.text, atOf(event), actorOf(event)]]);
    const step = timelineStep(domainEvent);
    if (step) rows.push(['project_timeline', [event.streamId, event.revision, step.step, step.label, atOf(event), step.detail]]);
    return { rows };
  },
  // Live, an erasure rewrites the rows written before it; a rebuild reads those events already erased.
  rewriteBefore: (event) => (event.type === 'CustomerDataErased' ? (client) => eraseHistory(client, event.streamId) : undefined),
});

export const projectHistoryProjection: Projection = {
  name: 'project_history',
  version: 1,
  handles: projectEventTypes,
  tables: ['project_activity', 'project_timeline'],
  apply: history.apply,
};

/** One-pass rebuild: log rows go out as events come; each event parsed once for every projection. */
export const projectHistoryBulk = history.bulk;
