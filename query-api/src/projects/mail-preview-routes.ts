import { Router, type Request } from 'express';
import { z } from 'zod';
import { mailKinds, mailProjectOf, renderMail, type MailKind, type ShopIdentity } from '@shop/infra';
import { documentRead, parseRequest, requireStaff } from '@shop/http-shell';
import { findUser } from '@shop/projectors/queries';
import type { QueryDeps } from '../deps.js';
import { anyProjectRow } from './access.js';

const PreviewParams = z.object({ params: z.object({ id: z.string().min(1).max(100), kind: z.enum(mailKinds as [MailKind, ...MailKind[]]) }) });

const MailPreview = z.object({
  kind: z.enum(mailKinds as [MailKind, ...MailKind[]]),
  to: z.string(),
  subject: z.string(),
  html: z.string().describe('The HTML part, as the customer would receive it.'),
  text: z.string().describe('The plain-text part, made from the same template.'),
});

/** Where the preview's links point: the shop's public URL, or the address staff reached it at. */
const linkBase = (configured: string | undefined, host: string | undefined, protocol: string) => configured ?? `${protocol}://${host ?? 'localhost'}`;

/**
 * GET /internal/projects/{id}/mail-previews/{kind}/: the mail the shop would send about this
 * project now, both parts, rendered by the templates the mail reactor sends with. Account mails
 * (activation, reset, completion) carry an example token: a preview never issues a real link.
 */
export function mailPreviewRoutes(deps: QueryDeps & { shop: ShopIdentity; publicUrl?: string | undefined }): Router {
  const router = Router();
  documentRead(deps.registry, {
    path: '/internal/projects/:id/mail-previews/:kind/',
    summary: 'Preview an e-mail about this project (HTML and text parts), as it would be sent now',
    tag: 'Internal projects',
    access: 'staff',
    params: PreviewParams.shape.params,
    response: MailPreview,
  });
  const preview = async (req: Request) => {
    requireStaff(req);
    const { params } = parseRequest(PreviewParams, req);
    const { view } = await anyProjectRow(deps.pool, params.id);
    const customer = await findUser(deps.pool, view.user);
    const mail = await renderMail(params.kind, {
      publicUrl: linkBase(deps.publicUrl, req.get('host'), req.protocol),
      shop: deps.shop,
      recipientName: customer?.name ?? '',
      token: 'PREVIEW-TOKEN',
      message: 'Your words from the e-mails panel appear here.',
      project: mailProjectOf(view),
    });
    return { kind: params.kind, to: customer?.email ?? '', ...mail };
  };
  router.get('/internal/projects/:id/mail-previews/:kind/', async (req, res) => {
    res.json(await preview(req));
  });
  // The HTML part as a page of its own: a mail's styles are inline, which the shop's pages forbid,
  // so this one document allows inline styles and nothing else (no scripts, no requests but images).
  router.get('/internal/projects/:id/mail-previews/:kind/html', async (req, res) => {
    const { html } = await preview(req);
    res.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    res.type('html').send(html);
  });
  return router;
}
