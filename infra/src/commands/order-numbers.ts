import type { Pool } from '../postgres/pool.js';

/**
 * The next project order number (decision 0315), from the database's sequence: allocated once per
 * creating request, before the command is decided, and handed to the decider inside the command.
 */
export async function nextOrderNumber(pool: Pool): Promise<number> {
  const result = await pool.query<{ n: number }>("SELECT nextval('project_order_numbers')::integer AS n");
  return result.rows[0]!.n;
}
