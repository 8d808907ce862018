import { inTransaction, type Pool } from '@shop/infra';

/**
 * Test set-up: the log as a shop that ran through its events' business times would have recorded
 * it. A demo history is appended now with back-dated occurredAt; an as-of cut reads the database's
 * recorded time (decision 0348), so the test moves recorded_at to occurredAt, through the one
 * logged path that may change events (decision 0345). The chain of these events no longer
 * verifies, which these tests do not ask.
 */
export async function recordedAsOccurred(pool: Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query("SELECT shop_allow_event_rewrite('test set-up: recorded_at back-dated to occurredAt')");
    await client.query("UPDATE events SET recorded_at = (metadata ->> 'occurredAt')::timestamptz");
  });
}
