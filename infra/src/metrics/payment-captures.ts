import type { Pool } from '../postgres/pool.js';

/** The payment reactor's outbox in figures (decision 0380): captures per status, and how many needed more than one attempt. */
interface PaymentCaptureFigures {
  byStatus: Record<'pending' | 'capturing' | 'captured' | 'failed', number>;
  /** Captures tried more than once so far (refused by the gateway, or interrupted by a crash), whatever their status now. */
  retried: number;
}

export async function readPaymentCaptures(pool: Pool): Promise<PaymentCaptureFigures> {
  const { rows } = await pool.query<{ status: keyof PaymentCaptureFigures['byStatus']; captures: string; retried: string }>(
    `SELECT status, count(*) AS captures, count(*) FILTER (WHERE attempts > 1) AS retried FROM payment_captures GROUP BY status`,
  );
  const byStatus = { pending: 0, capturing: 0, captured: 0, failed: 0 };
  let retried = 0;
  for (const row of rows) {
    byStatus[row.status] = Number(row.captures);
    retried += Number(row.retried);
  }
  return { byStatus, retried };
}
