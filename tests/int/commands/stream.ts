import type { TestShop } from '../../support/shop.js';

/** A stream's events straight from the event store's table, with their metadata. */
export async function readStreamEvents(shop: TestShop, streamId: string) {
  const result = await shop.db.pool.query<{ type: string; data: Record<string, unknown>; metadata: { actor: string } }>(
    'SELECT event_type AS type, data, metadata FROM events WHERE stream_id = $1 ORDER BY stream_revision',
    [streamId],
  );
  return result.rows;
}
