import {
  accountStream,
  actorOf,
  currentDraft,
  customerStateMove,
  internalUpdateCommands,
  membershipsFor,
  notesWithPaymentDetails,
  organizationStream,
  planPayment,
  projectStream,
  runProjectCommands,
  type ProjectCommandInput,
} from '@shop/command-api';
import { accountDecider, organizationDecider, projectDecider, SYSTEM_ACTOR, type AccountCommand, type Actor, type OrganizationCommand, type Project } from '@shop/domain';
import { findCredentialsByUserId, handleCommand, handleCommands, nextOrderNumber, insertCredentials, StreamStateCache, type CommandHandlerDeps, type EventStore, type IdGenerator, type Pool } from '@shop/infra';
import { type SessionUser } from '@shop/http-shell';
import type { ProjectAction } from './lifecycle.js';
import type { DemoPerson } from './people.js';
import type { DemoAction, DemoStep } from './plan.js';
import { demoMarked } from './demo-marked-store.js';
import { demoId } from './random.js';

export interface DemoWriterDeps {
  pool: Pool;
  eventStore: EventStore;
  /** One hash for every demo account: their password is random and never shown (decision 0152). */
  passwordHash: string;
}

/**
 * Writes planned steps through the command side the shop uses: the same command handler,
 * deciders, expected revisions and personal-data encryption as an HTTP request, with the clock
 * set to the step's moment and ids derived from the seed. A step whose correlation id its stream
 * already holds was written by an earlier run and is skipped: a rerun appends nothing twice.
 */
export class DemoWriter {
  private at = new Date(0);
  private readonly written = new Map<string, Set<string>>();
  private readonly streamStates = new StreamStateCache(2_000);
  /** Every event the demo writes is marked `metadata.demo` (decision 0349). */
  private readonly demoStore: EventStore;

  constructor(
    private readonly deps: DemoWriterDeps,
    private readonly seed: number,
  ) {
    this.demoStore = demoMarked(deps.eventStore);
  }

  /** True when the step was written now, false when an earlier run had written it. */
  async write(step: DemoStep): Promise<boolean> {
    const stream = streamOf(step.action);
    const correlationId = demoId(this.seed, `step:${step.key}`);
    const written = await this.correlationIds(stream);
    if (written.has(correlationId)) return false;
    this.at = step.at;
    await this.decide(step, this.handlerDeps(step.key), correlationId);
    written.add(correlationId);
    return true;
  }

  private async correlationIds(stream: string): Promise<Set<string>> {
    let ids = this.written.get(stream);
    if (!ids) {
      const events = await this.deps.eventStore.readStream(stream);
      ids = new Set(events.map((event) => event.metadata.correlationId));
      this.written.set(stream, ids);
    }
    return ids;
  }

  /** The clock reads the step's moment; event ids follow from the seed and the step. */
  private handlerDeps(key: string): CommandHandlerDeps {
    let count = 0;
    const ids: IdGenerator = { next: () => demoId(this.seed, `${key}:id:${count++}`) };
    return { eventStore: this.demoStore, clock: { now: () => this.at }, ids, streamStates: this.streamStates };
  }

  private async decide(step: DemoStep, deps: CommandHandlerDeps, correlationId: string): Promise<void> {
    const { action } = step;
    const at = this.at.toISOString();
    switch (action.type) {
      case 'account':
        return this.account(deps, action.person, correlationId);
      case 'organization': {
        const { organization } = action;
        const { organizationId, name, email, phone, address } = organization;
        return this.organization(deps, organizationId, { type: 'CreateOrganization', organizationId, name, email, phone, address, at, actor: staffActor(action.staff) }, correlationId);
      }
      case 'member':
        return this.organization(deps, action.organization.organizationId, { type: 'AddMember', userId: action.member.userId, at, actor: staffActor(action.staff) }, correlationId);
      case 'project':
        return this.project(deps, step.key, action, correlationId);
    }
  }

  /** Sign-up and activation as the person (staff are made by the shop itself, as STAFF_EMAIL is). */
  private async account(deps: CommandHandlerDeps, person: DemoPerson, correlationId: string): Promise<void> {
    if (!(await findCredentialsByUserId(this.deps.pool, person.userId))) {
      await insertCredentials(this.deps.pool, { userId: person.userId, email: person.email, passwordHash: this.deps.passwordHash });
    }
    const actor: Actor = person.isStaff ? SYSTEM_ACTOR : { userId: person.userId, isStaff: false };
    const at = this.at.toISOString();
    const commands: AccountCommand[] = [
      { type: 'Register', userId: person.userId, email: person.email, name: person.name, phone: person.phone, isDesigner: person.isDesigner, at, actor },
      { type: 'Activate', at, actor },
      ...(person.isStaff ? [{ type: 'SetStaffFlag' as const, isStaff: true, at, actor }] : []),
    ];
    await handleCommands(deps, accountDecider, accountStream(person.userId), () => commands, { actor: actor.userId, correlationId });
  }

  private async organization(deps: CommandHandlerDeps, organizationId: string, command: OrganizationCommand, correlationId: string): Promise<void> {
    await handleCommand(deps, organizationDecider, organizationStream(organizationId), () => command, { actor: command.actor.userId, correlationId });
  }

  private async project(deps: CommandHandlerDeps, key: string, step: Extract<DemoAction, { type: 'project' }>, correlationId: string): Promise<void> {
    const user = sessionUser(step.actor);
    const { action, projectId } = step;
    if (action.type === 'create') {
      const actor = actorOf(user, await membershipsFor(deps.eventStore, user, action.organizationId));
      const command = { type: 'CreateProject' as const, projectId, orderNumber: await nextOrderNumber(this.deps.pool), organizationId: action.organizationId, draft: action.draft, at: this.at.toISOString(), actor };
      await handleCommand(deps, projectDecider, projectStream(projectId), () => command, { actor: user.userId, correlationId });
      return;
    }
    await runProjectCommands(deps, projectId, { user, correlationId }, (project) => projectCommands(project, action, demoId(this.seed, `${key}:note`)));
  }
}

/** The commands the matching HTTP request would decide: the editor's save, submit, checkout, or a staff update. */
function projectCommands(project: Project, action: Exclude<ProjectAction, { type: 'create' }>, noteId: string): ProjectCommandInput[] {
  switch (action.type) {
    case 'edit':
      return [{ type: 'SaveDraft', draft: withMoreOfFirstItem(currentDraft(project), action.quantityBump) }];
    case 'submit':
      return customerStateMove(project.state, 'R', currentDraft(project));
    case 'staff':
      return internalUpdateCommands(project, action.body, () => undefined);
    case 'note':
      return [{ type: 'AddNote', noteId, text: action.text }];
    case 'pay':
      return payment(project, action);
  }
}

/** Checkout (card, a deposit when asked) or a cheque staff record; the amounts are the checkout's own plan. */
function payment(project: Project, action: Extract<ProjectAction, { type: 'pay' }>): ProjectCommandInput[] {
  const plan = planPayment(project, project.notes, project.shipping_notes, action.deposit);
  const record = { type: 'RecordPayment' as const, amount: plan.amount, partial: plan.partial, remaining: plan.remaining };
  if (action.by === 'staff') return internalUpdateCommands(project, { update_payment: { ...record, details: 'Cheque received at the workroom' } }, () => undefined);
  const checkout: ProjectCommandInput[] = plan.partial
    ? [{ type: 'UpdateCheckout', name: project.name, notes: notesWithPaymentDetails(project.notes, plan), shipping_notes: project.shipping_notes }]
    : [];
  return [...checkout, { ...record, details: 'Card payment (demo data: no money was moved)' }];
}

function withMoreOfFirstItem(draft: ReturnType<typeof currentDraft>, bump: number) {
  const [first, ...rest] = draft.fabrics;
  if (!first?.items[0]) return draft;
  const [item, ...items] = first.items;
  return { ...draft, fabrics: [{ ...first, items: [{ ...item, quantity: (item.quantity ?? 1) + bump }, ...items] }, ...rest] };
}

function streamOf(action: DemoAction): string {
  switch (action.type) {
    case 'account':
      return accountStream(action.person.userId);
    case 'organization':
    case 'member':
      return organizationStream(action.organization.organizationId);
    case 'project':
      return projectStream(action.projectId);
  }
}

const sessionUser = (person: DemoPerson): SessionUser => ({ userId: person.userId, email: person.email, isStaff: person.isStaff, isGuest: false });
const staffActor = (person: DemoPerson): Actor => ({ userId: person.userId, isStaff: true });
