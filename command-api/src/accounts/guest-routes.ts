import type { Router } from 'express';
import { z } from 'zod';
import { emailProblem, ProjectDraft, projectDecider, projectView } from '@shop/domain';
import { EmailTakenError, loadStream, findCredentialsByEmail, handleCommand, nextOrderNumber, hashPassword, hasPendingToken, insertCredentials, inTransaction, linkStillOut, peekToken, useToken } from '@shop/infra';
import { HttpError, type SessionUser } from '@shop/http-shell';
import type { RouteDeps } from '../deps.js';
import { ErrorBody } from '../http/openapi.js';
import { defineRoute } from '../http/route.js';
import { customerProject } from '../projects/project-answers.js';
import { projectStream } from '../streams.js';
import { loadAccount, profileOf } from './account-store.js';
import { runAccountCommands, selfActor } from './account-commands.js';
import { joinGuestToAccount } from './guest-join.js';
import { linkRefusal, refusedLink } from './link-words.js';
import { EmailField, NameField, PasswordField, PhoneField, TokenField } from './schemas.js';
import { requireStrongPassword } from './user-routes.js';

/** What the guest is told after saving, by what the mailed link will do (docs/decisions/0195). */
function savedMessage(email: string, joins: 'account' | 'registration' | undefined): string {
  if (joins === 'account') return `${email} already has an account: we sent a link there. Open it, or log in here, and this project joins that account.`;
  if (joins === 'registration') return `We sent a link to ${email}. A registration for that address is already under way: this project joins the account whichever link is opened first.`;
  return `We sent a link to ${email} to complete your registration.`;
}

/** POST /api/guests/, GET /api/profile-completion/{key}, PUT /api/profile-completion/{token}/. */
export function guestRoutes(router: Router, deps: RouteDeps): void {
  defineRoute(router, deps.registry, {
    method: 'post',
    path: '/guests/',
    summary: "Save a guest's project: creates a guest user and the project, and e-mails a link to complete the registration",
    tag: 'guests',
    access: 'public',
    status: 201,
    responses: {
      409: {
        description: 'Logged in already, or a guest session whose saved project still waits for its mailed link (decision 0246).',
        content: { 'application/json': { schema: ErrorBody } },
      },
    },
    input: { body: z.object({ email: EmailField, project: ProjectDraft }) },
    handle: async ({ body }, { req, res, correlationId, user }) => {
      if (user && !user.isGuest) throw new HttpError(409, 'You are logged in already: save the project to your account instead.');
      if (user?.isGuest) await refuseSecondGuestSave(user);
      const problem = emailProblem(body.email);
      if (problem) throw new HttpError(400, problem, [{ field: 'email', message: problem }]);
      const email = body.email.trim().toLowerCase();
      const userId = deps.ids.next();
      const projectId = deps.ids.next();
      const now = deps.clock.now();
      // An address with an account, or with another guest's registration under way, never loses
      // this project: it joins that account once the address is proven (decision 0195).
      const joins = (await findCredentialsByEmail(deps.pool, email))
        ? ('account' as const)
        : (await hasPendingToken(deps.pool, 'profile_completion', email, userId, now))
          ? ('registration' as const)
          : undefined;
      const actor = selfActor(userId);
      const request = { type: 'RequestProfileCompletion' as const, email, projectId, ...(joins ? { joins } : {}) };
      await runAccountCommands(deps, userId, actor, [{ type: 'CreateGuest', userId }, request], correlationId);
      const at = now.toISOString();
      const orderNumber = await nextOrderNumber(deps.pool);
      const created = await handleCommand(deps, projectDecider, projectStream(projectId), () => ({ type: 'CreateProject' as const, projectId, orderNumber, draft: body.project, at, actor }), {
        actor: userId,
        correlationId,
      });
      // A new guest has no password; its id is new in this very request (decision 0270).
      await deps.security.logIn(req, res, { userId, email: '', isStaff: false, isGuest: true }, null);
      const { view } = await loadAccount(deps.eventStore, userId);
      return {
        user: await profileOf(view, deps.userHashes),
        project: customerProject(projectView(created.state)!, created.revision),
        message: savedMessage(email, joins),
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
      const now = deps.clock.now();
      const holder = await peekToken(deps.pool, 'profile_completion', params.key, now);
      if (!holder) throw new HttpError(404, await linkRefusal(deps.pool, 'profile_completion', params.key, now));
      const { view } = await loadAccount(deps.eventStore, holder.userId);
      const account = holder.email ? await findCredentialsByEmail(deps.pool, holder.email) : null;
      // With an account for the address, the link adds the project to it: no name or password to give.
      return { email: holder.email ?? '', name: view.name, user_id: view.user_id, has_account: account !== null && account.userId !== holder.userId };
    },
  });

  defineRoute(router, deps.registry, {
    method: 'put',
    path: '/profile-completion/:token/',
    summary:
      'Complete a guest registration: name and password; logs the user in. When the address already has an account, the guest\'s project joins it instead (no name or password needed; log in to see it)',
    tag: 'guests',
    access: 'public',
    input: { params: z.object({ token: TokenField }), body: z.object({ name: NameField.optional(), password: PasswordField.optional(), phone: PhoneField.optional() }) },
    handle: async ({ params, body }, { req, res, correlationId }) => {
      const now = deps.clock.now();
      const holder = await peekToken(deps.pool, 'profile_completion', params.token, now);
      if (!holder?.email) throw await refusedLink(deps.pool, 'profile_completion', params.token, now, 'token');
      const account = await findCredentialsByEmail(deps.pool, holder.email);
      if (account && account.userId !== holder.userId) return joinByLink(params.token, now, correlationId);
      return completeRegistration(params.token, body, now, { req, res, correlationId });
    },
  });

  /**
   * A guest session with its project saved may not save another while the project's link is out
   * (usable, or still to be made by the mail sender): that would make a new guest and leave the first
   * project out of this session (decision 0246). Keyed on the guest's own saved project, read from
   * the log, so the instant before the link exists is covered too. Refused before anything is
   * written. A guest whose project moved or was deleted, or whose link expired, saves anew.
   */
  async function refuseSecondGuestSave(guest: SessionUser): Promise<void> {
    const { state } = await loadAccount(deps.eventStore, guest.userId);
    if (state.status !== 'guest') return;
    for (const projectId of state.account.guestProjectIds ?? []) {
      const { state: project } = await loadStream(deps.eventStore, projectDecider, projectStream(projectId));
      if (project.status !== 'existing' || project.project.user !== guest.userId) continue;
      if (!(await linkStillOut(deps.pool, 'profile_completion', guest.userId, deps.clock.now()))) return;
      throw new HttpError(
        409,
        `You have saved a guest project already (${projectId}) and we sent a link for it to ${state.account.requestedEmail ?? 'your address'}. Keep working on that project, and open the link to complete your registration.`,
      );
    }
  }

  /** The link proves the address, which has an account: the guest's project joins it (decision 0195). */
  async function joinByLink(token: string, now: Date, correlationId: string) {
    // The token is used up only if the project moved (same transaction).
    const account = await inTransaction(deps.pool, async (client) => {
      const found = await useToken(client, 'profile_completion', token, now);
      if (!found?.email) throw await refusedLink(deps.pool, 'profile_completion', token, now, 'token');
      const owner = await findCredentialsByEmail(client, found.email);
      if (!owner) throw new HttpError(409, 'This registration changed meanwhile. Please open the link again.');
      await joinGuestToAccount(deps, found.userId, owner.userId, correlationId);
      return owner;
    });
    return { joined: true, email: account.email, message: `Your project is now in the account of ${account.email}. Log in to see it.` };
  }

  /** A new account for the guest: name and password, then logged in. */
  async function completeRegistration(
    token: string,
    body: { name?: string | undefined; password?: string | undefined; phone?: string | undefined },
    now: Date,
    { req, res, correlationId }: { req: Parameters<typeof deps.security.logIn>[0]; res: Parameters<typeof deps.security.logIn>[1]; correlationId: string },
  ) {
      const name = body.name;
      if (!name) throw new HttpError(400, 'Please enter your name.', [{ field: 'name', message: 'Please enter your name.' }]);
      if (!body.password) throw new HttpError(400, 'Please choose a password.', [{ field: 'password', message: 'Please choose a password.' }]);
      requireStrongPassword(body.password);
      const passwordHash = await hashPassword(body.password);
      const holder = await inTransaction(deps.pool, async (client) => {
        const found = await useToken(client, 'profile_completion', token, now);
        if (!found?.email) throw await refusedLink(deps.pool, 'profile_completion', token, now, 'token');
        try {
          await insertCredentials(client, { userId: found.userId, email: found.email, passwordHash });
        } catch (error) {
          // The other link of a second guest registration made the account meanwhile: this one now joins it.
          if (error instanceof EmailTakenError) throw new HttpError(409, 'An account for this e-mail was made a moment ago. Open the link again to add your project to it.');
          throw error;
        }
        const complete = { type: 'CompleteGuestProfile' as const, email: found.email, name, phone: body.phone };
        await runAccountCommands(deps, found.userId, selfActor(found.userId), [complete], correlationId);
        return found;
      });
      const { view } = await loadAccount(deps.eventStore, holder.userId);
      await deps.security.logIn(req, res, { userId: view.user_id, email: view.email, isStaff: view.is_staff, isGuest: false }, { passwordHash });
      return profileOf(view, deps.userHashes);
  }
}
