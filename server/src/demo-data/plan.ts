import { productTypeCodes, projectStates, type ProductTypeCode, type ProjectState } from '@shop/domain';
import { demoDraft } from './drafts.js';
import { lifecycle, type Move, type ProjectAction } from './lifecycle.js';
import { demoCustomers, demoOrganizations, demoStaff, type DemoOrganization, type DemoPerson } from './people.js';
import { DemoRandom, demoId } from './random.js';

export interface DemoOptions {
  projects: number;
  months: number;
  seed: number;
  /** The end of the history; the CLI passes the real time. */
  now: Date;
}

export type DemoAction =
  | { type: 'account'; person: DemoPerson }
  | { type: 'organization'; organization: DemoOrganization; staff: DemoPerson }
  | { type: 'member'; organization: DemoOrganization; member: DemoPerson; staff: DemoPerson }
  | { type: 'project'; projectId: string; actor: DemoPerson; action: ProjectAction };

/** One command-side request at one moment; `key` names its correlation id, so a rerun can find it. */
export interface DemoStep {
  at: Date;
  key: string;
  action: DemoAction;
}

export interface DemoPlan {
  customers: DemoPerson[];
  staff: DemoPerson[];
  organizations: DemoOrganization[];
  projects: number;
  steps: DemoStep[];
}

const HOUR_MS = 3_600_000;
/** Target states, weighted like a shop a year into trading: most work shipped, some in every stage. */
const STATE_WEIGHTS: Record<ProjectState, number> = { D: 8, R: 7, A: 8, P: 8, I: 14, PS: 5, C: 8, S: 36, X: 6 };
const PAYING: readonly ProjectState[] = ['P', 'I', 'PS', 'C', 'S'];
/** How far along a finished project got: shipped ones are paid first, in the oldest months. */
const PROGRESS: Partial<Record<ProjectState, number>> = { C: 3, S: 4 };

/**
 * The whole history as a time-ordered list of steps: people and organizations first, then every
 * project's moves. A pure function of the options, so a rerun with the same seed plans the same steps.
 */
export function planDemoHistory(options: DemoOptions): DemoPlan {
  const { seed, projects } = options;
  const customers = demoCustomers(seed, Math.max(3, Math.ceil(projects * 0.6)));
  const staff = demoStaff(seed);
  const organizations = demoOrganizations(seed, Math.min(8, Math.max(2, Math.round(projects / 30))), customers.length);
  const targets = targetStates(seed, projects);
  const windows = monthWindows(options);
  const anchors = paymentAnchors(seed, targets, windows);
  const projectSteps = targets.flatMap((target, index) => projectHistory(options, { index, target, anchor: anchors.get(index), customers, staff, organizations, windows }));
  const steps = [...peopleSteps(seed, projectSteps, customers, staff, organizations), ...projectSteps];
  return { customers, staff, organizations, projects, steps: steps.sort((a, b) => a.at.getTime() - b.at.getTime() || a.key.localeCompare(b.key)) };
}

/** Every state at least once (when there are enough projects), the rest drawn by weight. */
function targetStates(seed: number, count: number): ProjectState[] {
  const random = new DemoRandom(seed, 'targets');
  const total = Object.values(STATE_WEIGHTS).reduce((sum, weight) => sum + weight, 0);
  const draw = (): ProjectState => {
    let left = random.float() * total;
    return projectStates.find((state) => (left -= STATE_WEIGHTS[state]) < 0) ?? 'S';
  };
  const drawn = Array.from({ length: count }, (_, index) => (index < projectStates.length ? projectStates[index]! : draw()));
  return random.shuffle(drawn);
}

interface Window {
  from: number;
  to: number;
}

/**
 * The calendar months of the history, oldest first, the current one last. Each keeps clear of
 * its edges by a day, so a payment lands in the same month in the shop's time zone too.
 */
function monthWindows({ months, now }: DemoOptions): Window[] {
  const end = now.getTime() - HOUR_MS;
  return Array.from({ length: months }, (_, index) => {
    const back = months - 1 - index;
    const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1) + 24 * HOUR_MS;
    const to = Math.min(end, Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 1) - 24 * HOUR_MS);
    return { from: Math.min(from, end - HOUR_MS), to };
  });
}

/**
 * When each paying project is first paid. Finished ones (completed, shipped) are dealt out evenly
 * over the months (so every month has revenue), the furthest along in the oldest months, with some
 * shuffle. Projects still in the workroom (paid, in production, paused) were paid in the last
 * weeks, as in a real shop: dealt over the year, most of them were months past their due date.
 */
function paymentAnchors(seed: number, targets: ProjectState[], windows: Window[]): Map<number, number> {
  const random = new DemoRandom(seed, 'anchors');
  const end = windows[windows.length - 1]!.to;
  const recent = { from: Math.max(windows[0]!.from, end - RECENT_PAYMENT_DAYS * 24 * HOUR_MS), to: end - 2 * 24 * HOUR_MS };
  const finished = targets
    .map((target, index) => ({ index, rank: (PROGRESS[target] ?? 0) + random.between(0, 1.5) }))
    .filter(({ index }) => FINISHED.includes(targets[index]!))
    .sort((a, b) => b.rank - a.rank);
  const anchors = new Map(
    finished.map(({ index }, position) => {
      const window = windows[Math.floor((position * windows.length) / finished.length)]!;
      return [index, random.between(window.from, window.to)];
    }),
  );
  targets.forEach((target, index) => {
    if (PAYING.includes(target) && !FINISHED.includes(target)) anchors.set(index, random.between(recent.from, Math.max(recent.from, recent.to)));
  });
  return anchors;
}

/** Paid but not finished: first paid at most this many days ago (a deposit, then weeks in the workroom). */
const RECENT_PAYMENT_DAYS = 56;
const FINISHED: readonly ProjectState[] = ['C', 'S'];

interface ProjectContext {
  index: number;
  target: ProjectState;
  anchor: number | undefined;
  customers: DemoPerson[];
  staff: DemoPerson[];
  organizations: DemoOrganization[];
  windows: Window[];
}

function projectHistory(options: DemoOptions, context: ProjectContext): DemoStep[] {
  const { seed } = options;
  const key = `project:${context.index}`;
  const random = new DemoRandom(seed, key);
  const projectId = demoId(seed, key);
  const customerIndex = context.index < context.customers.length ? context.index : random.int(0, context.customers.length - 1);
  const customer = context.customers[customerIndex]!;
  const organization = context.organizations.find((candidate) => candidate.members.includes(customerIndex));
  const organizationId = organization && random.chance(0.6) ? organization.organizationId : null;
  const draft = demoDraft(random, productTypes(random, context.index), customer.name);
  const moves = lifecycle(random, context.target, draft, organizationId);
  const times = placeInTime(random, moves, context);
  const staffMember = random.pick(context.staff);
  return moves.map((move, step) => ({
    at: new Date(times[step]!),
    key: `${key}:${move.name}`,
    action: { type: 'project', projectId, actor: move.by === 'staff' ? staffMember : customer, action: move.action },
  }));
}

/** The project's own product type first (every type is used by the first nine projects), then a few more. */
function productTypes(random: DemoRandom, index: number): ProductTypeCode[] {
  const extra = Array.from({ length: random.int(0, 2) }, () => random.pick(['P', 'P', 'P', 'C', 'C', 'CR', 'B', 'O'] as const));
  return [productTypeCodes[index % productTypeCodes.length]!, ...extra];
}

/**
 * Times for the moves: a paying project's first payment falls on its anchor, the rest lie before
 * and after it by their gaps; others are recent (drafts, reviews and quotes) or anywhere
 * (archived). Whatever would pass `now` is squeezed into the time left.
 */
function placeInTime(random: DemoRandom, moves: Move[], context: ProjectContext): number[] {
  const windows = context.windows;
  const end = windows[windows.length - 1]!.to;
  const offsets = moves.reduce<number[]>((sum, move) => [...sum, (sum[sum.length - 1] ?? 0) + move.gap * HOUR_MS], []);
  const payIndex = moves.findIndex((move) => move.action.type === 'pay');
  const pivot = payIndex >= 0 ? payIndex : 0;
  const pivotAt = context.anchor ?? unpaidStart(random, context, end);
  const last = offsets[offsets.length - 1]! - offsets[pivot]!;
  const squeeze = last > 0 ? Math.min(1, (end - pivotAt) / last) : 1;
  return offsets.map((offset) => {
    const fromPivot = offset - offsets[pivot]!;
    return Math.round(pivotAt + (fromPivot > 0 ? fromPivot * squeeze : fromPivot));
  });
}

/** Drafts, reviews and open quotes are from the last six weeks; archived ones from any month. */
function unpaidStart(random: DemoRandom, context: ProjectContext, end: number): number {
  const first = context.windows[0]!.from;
  const from = context.target === 'X' ? first : Math.max(first, end - 42 * 24 * HOUR_MS);
  return random.between(from, context.target === 'X' ? end - 35 * 24 * HOUR_MS : end - 12 * HOUR_MS);
}

/**
 * Accounts a few days before their owner's first project, organizations before their members'
 * first organization project. Staff accounts come first of all.
 */
function peopleSteps(seed: number, projectSteps: DemoStep[], customers: DemoPerson[], staff: DemoPerson[], organizations: DemoOrganization[]): DemoStep[] {
  const random = new DemoRandom(seed, 'people');
  const firstAt = new Map<string, number>();
  for (const step of projectSteps) {
    if (step.action.type !== 'project' || step.action.action.type !== 'create') continue;
    const { actor, action } = step.action;
    for (const id of [actor.userId, action.organizationId]) if (id) firstAt.set(id, Math.min(firstAt.get(id) ?? Infinity, step.at.getTime()));
  }
  const earliest = Math.min(...projectSteps.map((step) => step.at.getTime()));
  const before = (id: string, days: number) => new Date((firstAt.get(id) ?? earliest) - random.between(1, days) * 24 * HOUR_MS);
  const staffSteps = staff.map((person, index) => ({ at: new Date(earliest - (40 - index) * 24 * HOUR_MS), key: person.key, action: { type: 'account' as const, person } }));
  const customerSteps = customers.map((person) => ({ at: before(person.userId, 10), key: person.key, action: { type: 'account' as const, person } }));
  return [...staffSteps, ...customerSteps, ...organizations.flatMap((organization) => organizationSteps(organization, customers, staff[0]!, before(organization.organizationId, 20), customerSteps))];
}

function organizationSteps(organization: DemoOrganization, customers: DemoPerson[], staff: DemoPerson, at: Date, accounts: DemoStep[]): DemoStep[] {
  const created: DemoStep = { at, key: organization.key, action: { type: 'organization', organization, staff } };
  const members = organization.members.map((index) => {
    const member = customers[index]!;
    const joined = Math.max(at.getTime(), accounts[index]!.at.getTime()) + HOUR_MS;
    return { at: new Date(joined), key: `${organization.key}:member:${index}`, action: { type: 'member' as const, organization, member, staff } };
  });
  return [created, ...members];
}
