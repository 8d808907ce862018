import type { Pool } from '../postgres/pool.js';

/** The mail outbox in figures (decision 0327): deliveries per status, and how many needed more than one attempt. */
interface MailDeliveryFigures {
  byStatus: Record<'pending' | 'sending' | 'sent' | 'failed', number>;
  /** Deliveries sent more than once so far (a refused send or a crash before the answer), whatever their status now. */
  retried: number;
}

export async function readMailDeliveries(pool: Pool): Promise<MailDeliveryFigures> {
  const { rows } = await pool.query<{ status: keyof MailDeliveryFigures['byStatus']; deliveries: string; retried: string }>(
    `SELECT status, count(*) AS deliveries, count(*) FILTER (WHERE attempts > 1) AS retried FROM mail_deliveries GROUP BY status`,
  );
  const byStatus = { pending: 0, sending: 0, sent: 0, failed: 0 };
  let retried = 0;
  for (const row of rows) {
    byStatus[row.status] = Number(row.deliveries);
    retried += Number(row.retried);
  }
  return { byStatus, retried };
}
