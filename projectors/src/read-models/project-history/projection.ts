import { evolveProject, initialProjectState, ProjectEvent, projectEventTypes, projectView, type ProjectStreamState } from '@shop/domain';
import type { PoolClient, StoredEvent } from '@shop/infra';
import type { Projection } from '../../runner/projection.js';
import { activityEntry } from './activity.js';
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
    const before = await loadFold(client, event.streamId);
    const after = evolveProject(before, domainEvent);
    await saveFold(client, event.streamId, after);
    await appendAudit(client, event, before, after);
    await appendActivity(client, event, domainEvent);
    await appendTimeline(client, event, domainEvent);
  },
};

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
