import type { Router } from 'express';
import { z } from 'zod';
import { listMailFiles, mailDir, readMailFile } from '@shop/infra';
import { jsonResponse, notFound } from '@shop/http-shell';
import type { RouteDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';

/**
 * Without SMTP_URL the shop writes mail as .eml files; staff read them here, so whoever tries
 * the shop can follow activation and reset links (GET /api/internal/mail/ and .../{id}).
 */
const MailEntry = z.object({ id: z.string(), from: z.string(), to: z.string(), subject: z.string(), date: z.string() });

const MailDelivery = z.object({
  id: z.string().describe("The request event's id; the mail's Message-ID is `<id@soft-furnishings-shop>`"),
  kind: z.string(),
  recipient: z.string(),
  stream_id: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  requested_at: z.string(),
  next_attempt_at: z.string(),
  settled_at: z.string().nullable(),
});

/** Which deliveries: failed for good, retried (more than one attempt, any status), or not yet sent. */
const DeliveryFilter = z.object({ status: z.enum(['failed', 'retried', 'unsent']).default('failed') });

const DELIVERY_FILTERS: Record<z.infer<typeof DeliveryFilter>['status'], string> = {
  failed: "status = 'failed'",
  retried: 'attempts > 1',
  unsent: "status IN ('pending', 'sending')",
};

export function mailRoutes(router: Router, deps: RouteDeps): void {
  const dir = mailDir(deps.dataDir);
  defineRoute(router, deps.registry, {
    method: 'get',
    path: '/internal/mail-deliveries/',
    summary: 'E-mail deliveries that failed, were retried, or are not sent yet, newest request first (decision 0327)',
    tag: 'internal mail',
    access: 'staff',
    input: { query: DeliveryFilter },
    success: jsonResponse('The deliveries, at most 200.', z.array(MailDelivery)),
    handle: async ({ query }) => {
      const { rows } = await deps.pool.query<z.infer<typeof MailDelivery>>(
        `SELECT request_event_id::text AS id, kind, recipient, stream_id, status, attempts, last_error,
                to_json(requested_at)#>>'{}' AS requested_at, to_json(next_attempt_at)#>>'{}' AS next_attempt_at, to_json(settled_at)#>>'{}' AS settled_at
           FROM mail_deliveries WHERE ${DELIVERY_FILTERS[query.status]} ORDER BY requested_at DESC LIMIT 200`,
      );
      return rows;
    },
  });
  defineRoute(router, deps.registry, {
    method: 'get',
    path: '/internal/mail/',
    summary: 'Mail written to files (no SMTP_URL), newest first',
    tag: 'internal mail',
    access: 'staff',
    success: jsonResponse('The written mail, newest first.', z.array(MailEntry)),
    handle: async () => listMailFiles(dir),
  });
  defineRoute(router, deps.registry, {
    method: 'get',
    path: '/internal/mail/:id',
    summary: 'One written mail with its text and raw message',
    tag: 'internal mail',
    access: 'staff',
    input: { params: z.object({ id: z.string().max(64) }) },
    success: jsonResponse('The mail.', MailEntry.extend({ text: z.string(), raw: z.string() })),
    handle: async ({ params }) => {
      const mail = await readMailFile(dir, params.id);
      if (!mail) throw notFound('This mail');
      return mail;
    },
  });
}
