import { erasePersonalFields, evolveProject, initialProjectState, ProjectEvent, projectView, type ProjectStreamState } from '@shop/domain';
import type { PoolClient } from '@shop/infra';
import { activityEntry } from './activity.js';
import { viewChanges } from './changes.js';

/**
 * Before a project's CustomerDataErased: its history rewritten as a replay reads it now that the
 * owner's key is gone. Each audit row's data loses its personal fields (domain personal-data.ts),
 * then the stream is folded again from those rows, so "what changed" and the activity texts are
 * exactly what a rebuild computes (a change that only differed in erased values disappears).
 * Returns the refolded state, the fold the erasure event applies to.
 */
export async function eraseHistory(client: PoolClient, streamId: string): Promise<ProjectStreamState> {
  const rows = await client.query<{ revision: number; type: string; data: Record<string, unknown> }>(
    'SELECT revision, type, data FROM project_audit_log WHERE stream_id = $1 ORDER BY revision',
    [streamId],
  );
  let state = initialProjectState();
  for (const row of rows.rows) {
    const data = erasePersonalFields(row.type, row.data);
    const event = ProjectEvent.parse({ type: row.type, data });
    const after = evolveProject(state, event);
    await client.query('UPDATE project_audit_log SET data = $3, changes = $4 WHERE stream_id = $1 AND revision = $2', [
      streamId,
      row.revision,
      data,
      JSON.stringify(viewChanges(projectView(state), projectView(after))),
    ]);
    const entry = activityEntry(event);
    if (entry) await client.query('UPDATE project_activity SET text = $3 WHERE stream_id = $1 AND revision = $2', [streamId, row.revision, entry.text]);
    state = after;
  }
  return state;
}
