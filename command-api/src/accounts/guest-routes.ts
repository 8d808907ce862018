import type { Router } from 'express';
import { z } from 'zod';
import { emailProblem, ProjectDraft, projectDecider, projectView } from '@shop/domain';
import {
  EmailTakenError,
  findCredentialsByEmail,
  handleCommand,
  hashPassword,
  HttpError,
  insertCredentials,
  inTransaction,
  notFound,
  peekToken,
  useToken,
} from '@shop/infra';
import type { RouteDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { customerProject } from '../projects/project-answers.js';
import { projectStream } from '../streams.js';
import { loadAccount, profileOf } from './account-store.js';
import { runAccountCommands, selfActor } from './account-commands.js';
import { EmailField, NameField, PasswordField, PhoneField, TokenField } from './schemas.js';
import { emailTaken, requireStrongPassword } from './user-routes.js';

const INVALID_LINK = 'This registration link is invalid or has expired.';

/** POST /api/guests/, GET /api/profile-completion/{key}, PUT /api/profile-completion/{token}/. */
export function guestRoutes(router: Router, deps: RouteDeps): void {
  defineRoute(router, deps.registry, {
    method: 'post',
    path: '/guests/',
    summary: "Save a guest's project: creates a guest user and the project, and e-mails a link to complete the registration",
    tag: 'guests',
    access: 'public',
    status: 201,
    input: { body: z.object({ email: EmailField, project: ProjectDraft }) },
    handle: async ({ body }, { req, res, correlationId, user }) => {
      if (user && !user.isGuest) throw new HttpError(409, 'You are logged in already: save the project to your account instead.');
      const problem = emailProblem(body.email);
      if (problem) throw new HttpError(400, problem, [{ field: 'email', message: problem }]);
      if (await findCredentialsByEmail(deps.pool, body.email)) throw emailTaken();
      const userId = deps.ids.next();
      const actor = selfActor(userId);
      await runAccountCommands(deps, userId, actor, [{ type: 'CreateGuest', userId }, { type: 'RequestProfileCompletion', email: body.email }], correlationId);
      const projectId = deps.ids.next();
      const at = deps.clock.now().toISOString();
      const created = await handleCommand(deps, projectDecider, projectStream(projectId), () => ({ type: 'CreateProject' as const, projectId, draft: body.project, at, actor }), {
        actor: userId,
        correlationId,
      });
      await deps.security.logIn(req, res, { userId, email: '', isStaff: false, isGuest: true });
      const { view } = await loadAccount(deps.eventStore, userId);
      return {
        user: await profileOf(view, deps.userHashes),
        project: customerProject(projectView(created.state)!, created.revision),
        message: `We sent a link to ${body.email.trim().toLowerCase()} to complete your registration.`,
      };
    },
  });

  defineRoute(router, deps.registry, {
    method: 'get',
    path: '/profile-completion/:key',
    summary: 'Check a profile-completion link; answers the e-mail it was sent to (the token stays unused)',
    tag: 'guests',
    access: 'public',
    input: { params: z.object({ key: TokenField }) },
    handle: async ({ params }) => {
      const holder = await peekToken(deps.pool, 'profile_completion', params.key, deps.clock.now());
      if (!holder) throw notFound('This registration link');
      const { view } = await loadAccount(deps.eventStore, holder.userId);
      return { email: holder.email ?? '', name: view.name, user_id: view.user_id };
    },
  });

  defineRoute(router, deps.registry, {
    method: 'put',
    path: '/profile-completion/:token/',
    summary: 'Complete a guest registration: name and password; logs the user in',
    tag: 'guests',
    access: 'public',
    input: { params: z.object({ token: TokenField }), body: z.object({ name: NameField, password: PasswordField, phone: PhoneField.optional() }) },
    handle: async ({ params, body }, { req, res, correlationId }) => {
      requireStrongPassword(body.password);
      const passwordHash = await hashPassword(body.password);
      const holder = await inTransaction(deps.pool, async (client) => {
        const found = await useToken(client, 'profile_completion', params.token, deps.clock.now());
        if (!found?.email) throw new HttpError(400, INVALID_LINK, [{ field: 'token', message: INVALID_LINK }]);
        try {
          await insertCredentials(client, { userId: found.userId, email: found.email, passwordHash });
        } catch (error) {
          if (error instanceof EmailTakenError) throw emailTaken();
          throw error;
        }
        const complete = { type: 'CompleteGuestProfile' as const, email: found.email, name: body.name, phone: body.phone };
        await runAccountCommands(deps, found.userId, selfActor(found.userId), [complete], correlationId);
        return found;
      });
      const { view } = await loadAccount(deps.eventStore, holder.userId);
      await deps.security.logIn(req, res, { userId: view.user_id, email: view.email, isStaff: view.is_staff, isGuest: false });
      return profileOf(view, deps.userHashes);
    },
  });
}
