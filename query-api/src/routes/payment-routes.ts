import { Router } from 'express';
import { z } from 'zod';
import { documentRead, parseRequest, requireStaff } from '@shop/http-shell';
import type { QueryDeps } from '../deps.js';
import { CardPayments } from '../openapi/response-schemas.js';

const PaymentQuery = z.object({
  query: z.object({
    project_id: z.string().max(64).optional().describe("One project's card payments; every project's when absent"),
    state: z.enum(['authorized', 'captured', 'capture_failed', 'retried']).optional().describe('Only those in this state, or retried (more than one attempt); all when absent'),
  }),
});

const STATE_FILTERS: Record<NonNullable<z.infer<typeof PaymentQuery>['query']['state']>, string> = {
  authorized: "status IN ('pending', 'capturing')",
  captured: "status = 'captured'",
  capture_failed: "status = 'failed'",
  retried: 'attempts > 1',
};

/**
 * Staff follow each card payment's capture (decision 0380): authorised and being captured,
 * captured, or failed with the gateway's reason, and how many attempts it took. Read from the
 * payment reactor's outbox, which knows the attempts in progress that the log records only once
 * settled (as GET /internal/mail-deliveries/ reads the mail outbox).
 */
export function paymentRoutes(deps: QueryDeps): Router {
  const router = Router();
  documentRead(deps.registry, {
    path: '/internal/payments/',
    summary: "Card payments and where each one's capture stands, newest first (at most 200)",
    tag: 'internal payments',
    access: 'staff',
    query: PaymentQuery.shape.query,
    response: CardPayments,
  });
  router.get('/internal/payments/', async (req, res) => {
    requireStaff(req);
    const { query } = parseRequest(PaymentQuery, req);
    const conditions = [...(query.project_id ? ['project_id = $1'] : []), ...(query.state ? [STATE_FILTERS[query.state]] : [])];
    const { rows } = await deps.pool.query<z.infer<typeof CardPayments>[number]>(
      `SELECT charge_id, project_id, amount::int AS amount, gateway,
              CASE status WHEN 'captured' THEN 'captured' WHEN 'failed' THEN 'capture_failed' ELSE 'authorized' END AS state,
              status, attempts, last_error,
              to_json(authorized_at)#>>'{}' AS authorized_at,
              CASE WHEN status IN ('pending', 'capturing') THEN to_json(next_attempt_at)#>>'{}' END AS next_attempt_at,
              to_json(settled_at)#>>'{}' AS settled_at
         FROM payment_captures ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
        ORDER BY authorized_at DESC, charge_id LIMIT 200`,
      query.project_id ? [query.project_id] : [],
    );
    res.json(rows);
  });
  return router;
}
