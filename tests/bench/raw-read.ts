import type { Pool } from '@shop/infra';

/** Sequential read of the whole events table in pages, the floor any replay stands on. Returns events read. */
export async function rawSequentialRead(pool: Pool): Promise<number> {
  let after = 0;
  let read = 0;
  for (;;) {
    const page = await pool.query<{ global_position: string }>(
      'SELECT global_position, event_id, stream_id, stream_revision, event_type, data, metadata FROM events WHERE global_position > $1 ORDER BY global_position LIMIT 2000',
      [after],
    );
    if (page.rows.length === 0) return read;
    read += page.rows.length;
    after = Number(page.rows[page.rows.length - 1]!.global_position);
  }
}
