import type { Router } from 'express';
import { z } from 'zod';
import { ruleViolation, type EmailTarget, type Project } from '@shop/domain';
import { findCredentialsByEmail } from '@shop/infra';
import { notFound } from '@shop/http-shell';
import { loadAccount } from '../accounts/account-store.js';
import { membershipsFor } from '../actor.js';
import { EmailField } from '../accounts/schemas.js';
import type { RouteDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { InternalUpdateBody, internalUpdateCommands } from './internal-update.js';
import { internalProject } from './project-answers.js';
import { runProjectCommands, type ProjectCommandInput } from './project-commands.js';
import { IdParam, ProjectParams, RevisionField } from './project-schemas.js';

const MessageBody = z.object({ message: z.string().max(8000).default(''), revision: RevisionField });

/** PUT /api/internal/projects/{id}/, invoice, pause, unpause, reminder and PUT /api/internal/transfer/. */
export function internalProjectRoutes(router: Router, deps: RouteDeps): void {
  /** The owner's address for an e-mail; the id makes the send idempotent. */
  const ownerEmail = async (project: Project): Promise<EmailTarget | undefined> => {
    const { view } = await loadAccount(deps.eventStore, project.user).catch(() => ({ view: null }));
    return view?.email ? { emailId: deps.ids.next(), to: view.email } : undefined;
  };
  const requireOwnerEmail = async (project: Project): Promise<EmailTarget> => {
    const target = await ownerEmail(project);
    if (!target) throw ruleViolation('NO_EMAIL', 'The customer has no e-mail address yet.');
    return target;
  };
  const internalCommand = (
    path: string,
    summary: string,
    body: z.ZodObject<{ revision: typeof RevisionField } & z.ZodRawShape>,
    plan: (project: Project, body: Record<string, unknown>) => Promise<ProjectCommandInput[]>,
  ) =>
    defineRoute(router, deps.registry, {
      method: 'post',
      path,
      summary,
      tag: 'internal projects',
      access: 'staff',
      input: { params: ProjectParams, body },
      handle: async ({ params, body: input }, { user, correlationId }) => {
        const values = input as { revision?: number } & Record<string, unknown>;
        const result = await runProjectCommands(deps, params.id, { user: user!, correlationId, expectedRevision: values.revision }, (project) => plan(project, values));
        return internalProject(result.view, result.revision);
      },
    });

  defineRoute(router, deps.registry, {
    method: 'put',
    path: '/internal/projects/:id/',
    summary: 'Staff update: edit, price, production details, update_payment, state moves; send_email notifies the customer',
    tag: 'internal projects',
    access: 'staff',
    etag: true,
    input: { params: ProjectParams, body: InternalUpdateBody },
    handle: async ({ params, body }, { user, correlationId }) => {
      const run = { user: user!, correlationId, expectedRevision: body.revision };
      const result = await runProjectCommands(deps, params.id, run, async (project) => {
        const target = body.send_email ? await ownerEmail(project) : undefined;
        return internalUpdateCommands(project, body, () => target);
      });
      return internalProject(result.view, result.revision);
    },
  });

  internalCommand('/internal/projects/:id/invoice/', 'E-mail the invoice (to `email`, or the customer)', z.object({ email: EmailField.optional(), message: z.string().max(8000).optional(), revision: RevisionField }), async (project, body) => {
    const to = body.email as string | undefined;
    const email = to ? { emailId: deps.ids.next(), to } : await requireOwnerEmail(project);
    return [{ type: 'SendInvoice', email, message: (body.message as string | undefined) ?? '' }];
  });
  internalCommand('/internal/projects/:id/pause/', 'Pause production and e-mail the customer the message', MessageBody, async (project, body) => [
    { type: 'Pause', message: body.message as string, ...emailIf(await ownerEmail(project)) },
  ]);
  internalCommand('/internal/projects/:id/unpause/', 'Resume production and e-mail the customer the message', MessageBody, async (project, body) => [
    { type: 'Unpause', message: body.message as string, ...emailIf(await ownerEmail(project)) },
  ]);
  internalCommand('/internal/projects/:id/reminder/', 'E-mail the customer a reminder', MessageBody, async (project, body) => [
    { type: 'SendReminder', message: body.message as string, email: await requireOwnerEmail(project) },
  ]);

  defineRoute(router, deps.registry, {
    method: 'put',
    path: '/internal/transfer/',
    summary: 'Transfer a project to the user with this e-mail; answers the message to show',
    tag: 'internal projects',
    access: 'staff',
    input: { body: z.object({ project_id: IdParam, email: EmailField, revision: RevisionField }) },
    handle: async ({ body }, { user, correlationId }) => {
      const receiver = await findCredentialsByEmail(deps.pool, body.email);
      if (!receiver) throw notFound(`A user with the e-mail ${body.email}`);
      const run = { user: user!, correlationId, expectedRevision: body.revision };
      let receiverName = '';
      const result = await runProjectCommands(deps, body.project_id, run, async (project) => {
        const { view } = await loadAccount(deps.eventStore, receiver.userId);
        receiverName = view.name;
        const keepOrganization = project.organization_id !== null && (await isMember(deps, project.organization_id, receiver.userId));
        const transfer: ProjectCommandInput = {
          type: 'Transfer',
          toUserId: receiver.userId,
          organizationId: keepOrganization ? project.organization_id : null,
          email: { emailId: deps.ids.next(), to: view.email },
        };
        return [transfer];
      });
      return { ...internalProject(result.view, result.revision), message: `Project "${result.view.name}" was transferred to ${receiverName ? `${receiverName} (${receiver.email})` : receiver.email}.` };
    },
  });
}

const emailIf = (target: EmailTarget | undefined) => (target ? { email: target } : {});

async function isMember(deps: RouteDeps, organizationId: string, userId: string): Promise<boolean> {
  return (await membershipsFor(deps.eventStore, { userId, email: '', isStaff: false, isGuest: false }, organizationId)).length > 0;
}
