import { START, type GlobalCheckpoint, type Pool, type PoolClient } from '@shop/infra/log-reading';

export async function loadCheckpoint(db: Pool | PoolClient, name: string): Promise<GlobalCheckpoint> {
  const result = await db.query<{ transaction_id: number; global_position: number }>(
    'SELECT transaction_id, global_position FROM projection_checkpoints WHERE name = $1',
    [name],
  );
  const row = result.rows[0];
  return row ? { transactionId: Number(row.transaction_id), position: Number(row.global_position) } : START;
}

export async function saveCheckpoint(client: PoolClient, name: string, checkpoint: GlobalCheckpoint): Promise<void> {
  await client.query(
    `INSERT INTO projection_checkpoints (name, transaction_id, global_position, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id,
       global_position = EXCLUDED.global_position, updated_at = now()`,
    [name, checkpoint.transactionId, checkpoint.position],
  );
}

/**
 * Moves the checkpoints of `names` to `checkpoint`, never back (a slower delivery of an earlier
 * batch leaves a later checkpoint as it is): one statement, outside any transaction.
 */
export async function advanceCheckpoints(db: Pool | PoolClient, names: readonly string[], checkpoint: GlobalCheckpoint): Promise<void> {
  await db.query(
    `INSERT INTO projection_checkpoints AS c (name, transaction_id, global_position, updated_at)
     SELECT name, $2, $3, now() FROM unnest($1::text[]) AS name
     ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id,
       global_position = EXCLUDED.global_position, updated_at = now()
     WHERE (c.transaction_id, c.global_position) < (EXCLUDED.transaction_id, EXCLUDED.global_position)`,
    [names, checkpoint.transactionId, checkpoint.position],
  );
}

/** Which of two checkpoints comes first in the store's reading order. */
export function earlier(a: GlobalCheckpoint, b: GlobalCheckpoint): GlobalCheckpoint {
  if (a.transactionId !== b.transactionId) return a.transactionId < b.transactionId ? a : b;
  return a.position <= b.position ? a : b;
}
