import { erasePersonalFields } from '@shop/domain';
import type { PoolClient } from '@shop/infra';
import { activityEntry } from './activity.js';
import { readProjectEvent } from '../read-project-event.js';

/**
 * Before a project's CustomerDataErased: its history rewritten as a replay reads it now that the
 * owner's key is gone. Each audit row's data loses its personal fields (domain personal-data.ts)
 * and each activity text is worded again from that data, so the rows are exactly what a rebuild
 * writes; "what changed" follows, as it is folded from these rows when the log is read.
 */
export async function eraseHistory(client: PoolClient, streamId: string): Promise<void> {
  const rows = await client.query<{ revision: number; type: string; data: Record<string, unknown> }>(
    'SELECT revision, type, data FROM project_audit_log WHERE stream_id = $1 ORDER BY revision',
    [streamId],
  );
  for (const row of rows.rows) {
    const data = erasePersonalFields(row.type, row.data);
    await client.query('UPDATE project_audit_log SET data = $3 WHERE stream_id = $1 AND revision = $2', [streamId, row.revision, data]);
    const entry = activityEntry(readProjectEvent(row.type, data));
    if (entry) await client.query('UPDATE project_activity SET text = $3 WHERE stream_id = $1 AND revision = $2', [streamId, row.revision, entry.text]);
  }
}
