import { randomBytes } from 'node:crypto';
import type { Pool } from '@shop/infra';

/**
 * A secret shared by every process on the same database, made on first use. Concurrent
 * first starts agree because the insert loses quietly and everyone reads the winner.
 */
export async function loadOrCreateSecret(pool: Pool, name: string): Promise<string> {
  await pool.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('base64url'),
  ]);
  const result = await pool.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  return result.rows[0]!.value;
}
