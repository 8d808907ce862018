import { evolveProject, initialProjectState, ProjectEvent, projectEventTypes, projectView, type ProjectStreamState } from '@shop/domain';
import type { PoolClient, StoredEvent } from '@shop/infra';
import type { Projection } from '../../runner/projection.js';
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
    const rows = { audit: [] as object[], activity: [] as object[], timeline: [] as object[] };
    for (const [streamId, group] of groups) {
      let state = folds.get(streamId) ?? initialProjectState();
      for (const event of group) {
        const domainEvent = ProjectEvent.parse({ type: event.type, data: event.data });
        const after = evolveProject(state, domainEvent);
        collectRows(rows, event, domainEvent, state, after);
        state = after;
      }
      await saveFold(client, streamId, state);
    }
    await insertRows(client, 'project_audit_log', ['stream_id', 'revision', 'event_id', 'global_position', 'type', 'actor', 'at', 'changes', 'data'], rows.audit);
    await insertRows(client, 'project_activity', ['stream_id', 'revision', 'kind', 'text', 'at', 'actor'], rows.activity);
    await insertRows(client, 'project_timeline', ['stream_id', 'revision', 'step', 'label', 'at', 'detail'], rows.timeline);
  },
};

function collectRows(
  rows: { audit: object[]; activity: object[]; timeline: object[] },
  event: StoredEvent,
  domainEvent: ProjectEvent,
  before: ProjectStreamState,
  after: ProjectStreamState,
): void {
  const base = { stream_id: event.streamId, revision: event.revision, at: atOf(event) };
  rows.audit.push({
    ...base,
    event_id: event.id,
    global_position: event.globalPosition,
    type: event.type,
    actor: actorOf(event),
    changes: viewChanges(projectView(before), projectView(after)),
    data: event.data,
  });
  const entry = activityEntry(domainEvent);
  if (entry) rows.activity.push({ ...base, kind: entry.kind, text: entry.text, actor: actorOf(event) });
  const step = timelineStep(domainEvent);
  if (step) rows.timeline.push({ ...base, step: step.step, label: step.label, detail: step.detail });
}

/** One INSERT for many rows: the JSON objects are read back as rows of the table's own type. */
async function insertRows(client: PoolClient, table: string, columns: string[], rows: object[]): Promise<void> {
  if (rows.length === 0) return;
  const list = columns.join(', ');
  await client.query(`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1)`, [JSON.stringify(rows)]);
}

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
  if (state.status === 'empty') return;
  await client.query(
    `INSERT INTO project_fold (stream_id, project_id, stream_state) VALUES ($1, $2, $3)
     ON CONFLICT (stream_id) DO UPDATE SET project_id = EXCLUDED.project_id, stream_state = EXCLUDED.stream_state`,
    [streamId, state.project.id, state],
  );
}

async function appendAudit(client: PoolClient, event: StoredEvent, before: ProjectStreamState, after: ProjectStreamState): Promise<void> {
  const changes = viewChanges(projectView(before), projectView(after));
  await client.query(
    `INSERT INTO project_audit_log (stream_id, revision, event_id, global_position, type, actor, at, changes, data)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [event.streamId, event.revision, event.id, event.globalPosition, event.type, actorOf(event), atOf(event), JSON.stringify(changes), event.data],
  );
}

async function appendActivity(client: PoolClient, event: StoredEvent, domainEvent: ProjectEvent): Promise<void> {
  const entry = activityEntry(domainEvent);
  if (!entry) return;
  await client.query('INSERT INTO project_activity (stream_id, revision, kind, text, at, actor) VALUES ($1, $2, $3, $4, $5, $6)', [
    event.streamId,
    event.revision,
    entry.kind,
    entry.text,
    atOf(event),
    actorOf(event),
  ]);
}

async function appendTimeline(client: PoolClient, event: StoredEvent, domainEvent: ProjectEvent): Promise<void> {
  const step = timelineStep(domainEvent);
  if (!step) return;
  await client.query('INSERT INTO project_timeline (stream_id, revision, step, label, at, detail) VALUES ($1, $2, $3, $4, $5, $6)', [
    event.streamId,
    event.revision,
    step.step,
    step.label,
    atOf(event),
    step.detail,
  ]);
}

// The domain stamps every event with when and by whom (data.at, data.by); the envelope's
// metadata is the fallback for anything older.
const atOf = (event: StoredEvent): string => (typeof event.data.at === 'string' ? event.data.at : event.metadata.occurredAt);
const actorOf = (event: StoredEvent): string => (typeof event.data.by === 'string' ? event.data.by : event.metadata.actor);
