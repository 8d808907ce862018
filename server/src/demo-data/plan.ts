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
const STATE_WEIGHTS: Record<ProjectState, number> = { D: 8, R: 7, A: 8, P: 3, I: 6, PS: 2, C: 8, S: 36, X: 6 };
/** Paid, not yet completed. */
const WORKROOM: readonly ProjectState[] = ['P', 'I', 'PS'];
/**
 * A workroom holds about this many days of the shop's orders (paid, made, sent out): the rest of
 * the paying projects are finished. Over a year that is about a tenth of the paying projects.
 */
const WORKROOM_DAYS = 42;
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
  const windows = monthWindows(options);
  const targets = targetStates(seed, projects, windows);
  const anchors = paymentAnchors(seed, targets, windows);
  const projectSteps = targets.flatMap((target, index) => projectHistory(options, { index, target, anchor: anchors.get(index), customers, staff, organizations, windows }));
  const steps = [...peopleSteps(seed, projectSteps, customers, staff, organizations), ...projectSteps];
  return { customers, staff, organizations, projects, steps: steps.sort((a, b) => a.at.getTime() - b.at.getTime() || a.key.localeCompare(b.key)) };
}

/**
 * Every state at least once (when there are enough projects), the rest drawn by weight. The
 * workroom's share is what it holds of the history's span: its states' weights are scaled so it
 * gets about WORKROOM_DAYS of the paying projects (a short history is mostly in the workroom).
 */
function targetStates(seed: number, count: number, windows: Window[]): ProjectState[] {
  const random = new DemoRandom(seed, 'targets');
  const weights = workroomScaled(windows);
  const total = Object.values(weights).reduce((sum, weight) => sum + weight, 0);
  const draw = (): ProjectState => {
    let left = random.float() * total;
    return projectStates.find((state) => (left -= weights[state]) < 0) ?? 'S';
  };
  const drawn = Array.from({ length: count }, (_, index) => (index < projectStates.length ? projectStates[index]! : draw()));
  return random.shuffle(drawn);
}

function workroomScaled(windows: Window[]): Record<ProjectState, number> {
  const spanDays = windows.reduce((sum, window) => sum + (window.to - window.from), 0) / (24 * HOUR_MS);
  const share = Math.min(0.5, WORKROOM_DAYS / Math.max(1, spanDays));
  const finished = STATE_WEIGHTS.C + STATE_WEIGHTS.S;
  const workroom = WORKROOM.reduce((sum, state) => sum + STATE_WEIGHTS[state], 0);
  const scale = (finished * share) / (1 - share) / workroom;
  return { ...STATE_WEIGHTS, P: STATE_WEIGHTS.P * scale, I: STATE_WEIGHTS.I * scale, PS: STATE_WEIGHTS.PS * scale };
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
 * When each paying project is first paid, so that every month holds its share of the payments
 * (the current month in proportion to the days of it gone). Projects still in the workroom were
 * paid recently, as in a real shop: paid (not started) in the last ten days, in production in the
 * last month (due ahead of today; a few late), paused within six weeks. The finished ones
 * (completed, shipped) fill each month up to its share, the furthest along in the oldest months,
 * with some shuffle.
 */
function paymentAnchors(seed: number, targets: ProjectState[], windows: Window[]): Map<number, number> {
  const random = new DemoRandom(seed, 'anchors');
  const end = windows[windows.length - 1]!.to;
  const start = windows[0]!.from;
  const daysBack = (from: number, to: number) => random.between(Math.max(start, end - from * DAY_MS), Math.max(start, end - to * DAY_MS));
  const anchors = new Map<number, number>();
  targets.forEach((target, index) => {
    if (target === 'P') anchors.set(index, daysBack(10, 1));
    if (target === 'I') anchors.set(index, random.chance(0.1) ? daysBack(45, 28) : daysBack(24, 4));
    if (target === 'PS') anchors.set(index, daysBack(42, 3));
  });
  const finished = targets
    .map((target, index) => ({ index, rank: (PROGRESS[target] ?? 0) + random.between(0, 1.5) }))
    .filter(({ index }) => FINISHED.includes(targets[index]!))
    .sort((a, b) => b.rank - a.rank);
  const quotas = finishedQuotas(windows, finished.length, [...anchors.values()]);
  let position = 0;
  quotas.forEach((quota, month) => {
    const window = windows[month]!;
    for (const { index } of finished.slice(position, position + quota)) anchors.set(index, random.between(window.from, window.to));
    position += quota;
  });
  return anchors;
}

const DAY_MS = 24 * HOUR_MS;
const FINISHED: readonly ProjectState[] = ['C', 'S'];

/**
 * How many finished projects each month gets: every month's share of all first payments is in
 * proportion to its length, less the workroom payments already in it; rounding by largest remainder.
 */
function finishedQuotas(windows: Window[], finished: number, taken: number[]): number[] {
  const lengths = windows.map((window) => Math.max(0, window.to - window.from));
  const span = lengths.reduce((sum, length) => sum + length, 0) || 1;
  const total = finished + taken.length;
  const wanted = windows.map((window, month) => {
    const already = taken.filter((at) => at >= window.from && at <= window.to).length;
    return Math.max(0, (total * lengths[month]!) / span - already);
  });
  const sum = wanted.reduce((acc, value) => acc + value, 0) || 1;
  const exact = wanted.map((value) => (value * finished) / sum);
  const quotas = exact.map(Math.floor);
  const order = exact.map((value, month) => ({ month, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest);
  for (let left = finished - quotas.reduce((acc, value) => acc + value, 0), i = 0; left > 0; left--, i++) quotas[order[i % order.length]!.month]! += 1;
  return quotas;
}

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
