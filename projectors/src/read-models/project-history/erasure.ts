import type { PoolClient } from '@shop/infra';
import { erasedActivityText } from './activity.js';

/**
 * Before a project's CustomerDataErased: its activity log worded again as a replay words it now
 * that the owner's key is gone, so the rows are exactly what a rebuild writes. Only lines that
 * quote a personal field change (activity.ts, `erasedActivityText`). The staff audit needs no
 * rewrite: it is the stream, read from the store, which gives ERASED itself (docs/decisions/0248).
 */
export async function eraseHistory(client: PoolClient, streamId: string): Promise<void> {
  const rows = await client.query<{ revision: number; text: string }>('SELECT revision, text FROM project_activity WHERE stream_id = $1 ORDER BY revision', [streamId]);
  for (const row of rows.rows) {
    const text = erasedActivityText(row.text);
    if (text !== null && text !== row.text) await client.query('UPDATE project_activity SET text = $3 WHERE stream_id = $1 AND revision = $2', [streamId, row.revision, text]);
  }
}
