import type { Router } from 'express';
import { z } from 'zod';
import { jsonResponse, listMailFiles, mailDir, notFound, readMailFile } from '@shop/infra';
import type { RouteDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';

/**
 * Without SMTP_URL the shop writes mail as .eml files; staff read them here, so whoever tries
 * the shop can follow activation and reset links (GET /api/internal/mail/ and .../{id}).
 */
const MailEntry = z.object({ id: z.string(), from: z.string(), to: z.string(), subject: z.string(), date: z.string() });

export function mailRoutes(router: Router, deps: RouteDeps): void {
  const dir = mailDir(deps.dataDir);
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
