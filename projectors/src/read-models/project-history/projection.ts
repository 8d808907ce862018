import { evolveProject, initialProjectState, ProjectEvent, projectEventTypes, projectView, type ProjectStreamState, type ProjectView } from '@shop/domain';
import type { PoolClient, StoredEvent } from '@shop/infra';
import type { BulkProjection } from '../../rebuild/bulk-fold.js';
import type { Projection } from '../../runner/projection.js';
import { insertIntoTables, type TableRows } from '../batched-inserts.js';
import { byStream } from '../stream-batches.js';
import { activityEntry } from './activity.js';
import { eraseHistory } from './erasure.js';
import { viewChanges } from './changes.js';
import { timelineStep } from './timeline.js';

/**
 * The history of each project: the staff activity log, the customer timeline and the audit
 * log of every event with what it changed. It folds the stream itself (with the domain's
 * `evolve`) so "what changed" is the difference of the domain's views before and after.
 */
export const projectHistoryProjection: Projection = {
  name: 'project_history',
  handles: projectEventTypes,
  tables: ['project_fold', 'project_activity', 'project_timeline', 'project_audit_log'],
  apply: async (client, event) => {
    const domainEvent = ProjectEvent.parse({ type: event.type, data: event.data });
    const before = domainEvent.type === 'CustomerDataErased' ? await eraseHistory(client, event.streamId) : await loadFold(client, event.streamId);
    const after = evolveProject(before, domainEvent);
    await saveFold(client, event.streamId, after);
    await appendAudit(client, event, before, after);
    await appendActivity(client, event, domainEvent);
    await appendTimeline(client, event, domainEvent);
  },
  // Same rows in fewer round trips: folds read once, logs inserted in one statement per table.
  applyMany: async (client, events) => {
    // An erasure rewrites the rows before it, so a batch holding one goes event by event.
    if (events.some((event) => event.type === 'CustomerDataErased')) {
      for (const event of events) await projectHistoryProjection.apply(client, event);
      return;
    }
    const groups = byStream(events);
    const folds = await loadFolds(client, [...groups.keys()]);
    const rows = { audit: [] as unknown[][], activity: [] as unknown[][], timeline: [] as unknown[][] };
    const folded = new Map<string, ProjectStreamState>();
    for (const [streamId, group] of groups) {
      let state = folds.get(streamId) ?? initialProjectState();
      for (const event of group) {
        const domainEvent = ProjectEvent.parse({ type: event.type, data: event.data });
        const after = evolveProject(state, domainEvent);
        collectRows(rows, event, domainEvent, state, after);
        state = after;
      }
      folded.set(streamId, state);
    }
    // Folds and the three logs in one statement: a round trip each was most of a live batch's time.
    await insertIntoTables(client, [
      foldRows(folded),
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
  before: ProjectStreamState,
  after: ProjectStreamState,
): void {
  rows.audit.push(auditRow(event, before, after));
  const activity = activityRow(event, domainEvent);
  if (activity) rows.activity.push(activity);
  const timeline = timelineRow(event, domainEvent);
  if (timeline) rows.timeline.push(timeline);
}

const AUDIT_COLUMNS = ['stream_id', 'revision', 'event_id', 'global_position', 'type', 'actor', 'at', 'changes', 'data'] as const;
const ACTIVITY_COLUMNS = ['stream_id', 'revision', 'kind', 'text', 'at', 'actor'] as const;
const TIMELINE_COLUMNS = ['stream_id', 'revision', 'step', 'label', 'at', 'detail'] as const;
const FOLD_COLUMNS = ['stream_id', 'project_id', 'stream_state'] as const;
const FOLD_TYPES = ['text', 'text', 'jsonb'] as const;
const AUDIT_TYPES = ['text', 'bigint', 'uuid', 'bigint', 'text', 'text', 'text', 'jsonb', 'json'] as const;
const ACTIVITY_TYPES = ['text', 'bigint', 'text', 'text', 'text', 'text'] as const;
const TIMELINE_TYPES = ['text', 'bigint', 'text', 'text', 'text', 'jsonb'] as const;

// A state's view is needed twice in a fold, as the "after" of one event and the "before" of the
// next; states are immutable (the domain's evolve returns new ones), so a view can be kept per state.
const views = new WeakMap<ProjectStreamState, ProjectView | null>();
function viewOf(state: ProjectStreamState): ProjectView | null {
  let view = views.get(state);
  if (view === undefined) {
    view = projectView(state);
    views.set(state, view);
  }
  return view;
}

/** The rows one event adds to each log, in the columns' order (one definition for every write path). */
function auditRow(event: StoredEvent, before: ProjectStreamState, after: ProjectStreamState): unknown[] {
  const changes = viewChanges(viewOf(before), viewOf(after));
  return [event.streamId, event.revision, event.id, event.globalPosition, event.type, actorOf(event), atOf(event), changes, event.data];
}

function activityRow(event: StoredEvent, domainEvent: ProjectEvent): unknown[] | null {
  const entry = activityEntry(domainEvent);
  return entry ? [event.streamId, event.revision, entry.kind, entry.text, atOf(event), actorOf(event)] : null;
}

function timelineRow(event: StoredEvent, domainEvent: ProjectEvent): unknown[] | null {
  const step = timelineStep(domainEvent);
  return step ? [event.streamId, event.revision, step.step, step.label, atOf(event), step.detail] : null;
}

/**
 * One-pass rebuild: log rows go out as events come, each stream's fold once at the end; the
 * folds themselves are shared with the projects projection (one parse and evolve per event).
 */
export const projectHistoryBulk: BulkProjection = {
  name: 'project_history',
  columns: { project_fold: FOLD_COLUMNS, project_activity: ACTIVITY_COLUMNS, project_timeline: TIMELINE_COLUMNS, project_audit_log: AUDIT_COLUMNS },
  create: () => ({
    add: (event, shared, sink) => {
      const { domainEvent, before, after } = shared.projectStep(event);
      sink.push('project_audit_log', auditRow(event, before, after));
      const activity = activityRow(event, domainEvent);
      if (activity) sink.push('project_activity', activity);
      const timeline = timelineRow(event, domainEvent);
      if (timeline) sink.push('project_timeline', timeline);
    },
    finish: function* (shared) {
      for (const [streamId, { state }] of shared.projects) if (state.status !== 'empty') yield ['project_fold', [streamId, state.project.id, state]];
    },
  }),
};

async function loadFolds(client: PoolClient, streamIds: string[]): Promise<Map<string, ProjectStreamState>> {
  const result = await client.query<{ stream_id: string; stream_state: ProjectStreamState }>(
    'SELECT stream_id, stream_state FROM project_fold WHERE stream_id = ANY($1)',
    [streamIds],
  );
  return new Map(result.rows.map((row) => [row.stream_id, row.stream_state]));
}

async function loadFold(client: PoolClient, streamId: string): Promise<ProjectStreamState> {
  const result = await client.query<{ stream_state: ProjectStreamState }>('SELECT stream_state FROM project_fold WHERE stream_id = $1', [streamId]);
  return result.rows[0]?.stream_state ?? initialProjectState();
}

async function saveFold(client: PoolClient, streamId: string, state: ProjectStreamState): Promise<void> {
  await saveFolds(client, new Map([[streamId, state]]));
}

async function saveFolds(client: PoolClient, folds: Map<string, ProjectStreamState>): Promise<void> {
  await insertIntoTables(client, [foldRows(folds)]);
}

/** The project_fold rows of some streams' states (a stream that holds no project keeps none). */
function foldRows(folds: Map<string, ProjectStreamState>): TableRows {
  const rows: unknown[][] = [];
  for (const [streamId, state] of folds) if (state.status !== 'empty') rows.push([streamId, state.project.id, state]);
  return {
    table: 'project_fold',
    columns: FOLD_COLUMNS,
    types: FOLD_TYPES,
    rows,
    onConflict: 'ON CONFLICT (stream_id) DO UPDATE SET project_id = EXCLUDED.project_id, stream_state = EXCLUDED.stream_state',
  };
}

async function appendAudit(client: PoolClient, event: StoredEvent, before: ProjectStreamState, after: ProjectStreamState): Promise<void> {
  await client.query(
    `INSERT INTO project_audit_log (${AUDIT_COLUMNS.join(', ')}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    jsonParameters(auditRow(event, before, after)),
  );
}

async function appendActivity(client: PoolClient, event: StoredEvent, domainEvent: ProjectEvent): Promise<void> {
  const row = activityRow(event, domainEvent);
  if (row) await client.query(`INSERT INTO project_activity (${ACTIVITY_COLUMNS.join(', ')}) VALUES ($1, $2, $3, $4, $5, $6)`, row);
}

async function appendTimeline(client: PoolClient, event: StoredEvent, domainEvent: ProjectEvent): Promise<void> {
  const row = timelineRow(event, domainEvent);
  if (row) await client.query(`INSERT INTO project_timeline (${TIMELINE_COLUMNS.join(', ')}) VALUES ($1, $2, $3, $4, $5, $6)`, row);
}

// node-postgres would send a JS array as a PostgreSQL array; jsonb columns need its JSON text.
const jsonParameters = (row: unknown[]): unknown[] => row.map((value) => (Array.isArray(value) ? JSON.stringify(value) : value));

// The domain stamps every event with when and by whom (data.at, data.by); the envelope's
// metadata is the fallback for anything older.
const atOf = (event: StoredEvent): string => (typeof event.data.at === 'string' ? event.data.at : event.metadata.occurredAt);
const actorOf = (event: StoredEvent): string => (typeof event.data.by === 'string' ? event.data.by : event.metadata.actor);
