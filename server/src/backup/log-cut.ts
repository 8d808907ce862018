import type pg from 'pg';

/**
 * When an event was recorded, as a SQL expression over `events`: the database's clock at the append
 * (`recorded_at`, decision 0348), or the shop's clock in its metadata for events appended before the
 * database kept one (decision 0338).
 */
export const RECORDED_AT = `coalesce(events.recorded_at, (events.metadata ->> 'occurredAt')::timestamptz)`;

/**
 * Leaves out what the log recorded after `until`, in the restore's transaction: each stream keeps its
 * events up to the first one recorded later (so no stream has a gap), streams and subjects left
 * without events go, and so do the credentials and tokens of accounts whose stream is gone (else
 * their e-mail addresses would stay taken). Returns how many events were left out.
 */
export async function cutLogAfter(client: pg.ClientBase, until: Date, accountStream: (userId: string) => string): Promise<number> {
  // The log refuses deletes except through its one logged path (decision 0345): the cut is written
  // down in event_rewrites, and the cut streams' tails simply end, so their chains still verify.
  await client.query('SELECT shop_allow_event_rewrite($1)', [`restore --until ${until.toISOString()}`]);
  const cut = await client.query(
    `WITH later AS (SELECT stream_id, min(stream_revision) AS first FROM events WHERE ${RECORDED_AT} > $1 GROUP BY stream_id)
     DELETE FROM events e USING later WHERE e.stream_id = later.stream_id AND e.stream_revision >= later.first`,
    [until],
  );
  await client.query('DELETE FROM streams s WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.stream_id = s.stream_id)');
  await client.query(
    `UPDATE streams s SET revision = last.revision
       FROM (SELECT stream_id, max(stream_revision) AS revision FROM events GROUP BY stream_id) last
      WHERE s.stream_id = last.stream_id AND s.revision <> last.revision`,
  );
  await client.query('DELETE FROM personal_data_subjects p WHERE NOT EXISTS (SELECT 1 FROM streams s WHERE s.stream_id = p.stream_id)');
  const prefix = accountStream('');
  for (const table of ['account_credentials', 'account_tokens']) {
    await client.query(`DELETE FROM ${table} t WHERE NOT EXISTS (SELECT 1 FROM streams s WHERE s.stream_id = $1 || t.user_id)`, [prefix]);
  }
  return cut.rowCount ?? 0;
}
