import type { Pool } from '@shop/infra';
import { DEMO_CUSTOMER_EMAIL } from '../seed.js';

/**
 * How many real customers the log holds: accounts registered by someone other than `npm run
 * demo-data` (their Registered event not marked `metadata.demo`), never made staff, other than
 * the demo customer an embedded shop makes on its first start. Read from the log itself, so a
 * shop whose projectors lag is judged the same.
 */
export async function realCustomers(pool: Pool): Promise<number> {
  const result = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM events r
      WHERE r.event_type = 'Registered' AND r.stream_id LIKE 'account-%'
        AND NOT coalesce((r.metadata ->> 'demo')::boolean, false)
        AND NOT EXISTS (SELECT 1 FROM events s WHERE s.stream_id = r.stream_id AND s.event_type = 'StaffFlagSet' AND (s.data ->> 'isStaff')::boolean)
        AND NOT EXISTS (SELECT 1 FROM account_credentials c WHERE 'account-' || c.user_id = r.stream_id AND c.email = $1)`,
    [DEMO_CUSTOMER_EMAIL],
  );
  return result.rows[0]!.n;
}
