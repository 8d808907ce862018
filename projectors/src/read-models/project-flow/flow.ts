import type { ProductionState, ProjectEvent, ProjectState } from '@shop/domain';

/**
 * A project's way through the shop as the Funnel and Lead times figures see it (docs/decisions/0182):
 * when it first reached each step, the state and production state it is in and since when. The
 * same step function feeds the project_flow read model and the lead-times report.
 */
export interface ProjectFlow {
  projectId: string;
  started: string;
  /** The main product type (most items; '-' for none) and the category of its latest draft. */
  productType: string;
  category: string;
  submitted: string | null;
  priced: string | null;
  approved: string | null;
  /** The first payment. */
  paid: string | null;
  shipped: string | null;
  /** Archived or deleted. */
  cancelled: string | null;
  state: ProjectState;
  stateSince: string;
  production: ProductionState | null;
  productionSince: string | null;
}

/** A finished stretch of time: `state D`, `production CIP`, `draft-to-paid`, `paid-to-shipped`. */
export interface Stretch {
  measure: string;
  started: string;
  ended: string;
  days: number;
}

/** Every measure in the order a project lives them (rows are shown in this order). */
export const stretchMeasures = [
  'state D',
  'state R',
  'state A',
  'state P',
  'state PS',
  'state I',
  'state C',
  'production N',
  'production CIP',
  'production CC',
  'production S',
  'production I',
  'production R',
  'draft-to-paid',
  'paid-to-shipped',
] as const;

/** The event types that change a flow. */
export const flowEventTypes = [
  'ProjectCreated',
  'ProjectCopied',
  'DraftSaved',
  'SubmittedForReview',
  'ReturnedToDraft',
  'ItemsPriced',
  'ProjectApproved',
  'PaymentRecorded',
  'ProjectPaused',
  'ProjectUnpaused',
  'ProductionStarted',
  'ProductionStateChanged',
  'ProjectCompleted',
  'ProjectShipped',
  'ProjectArchived',
  'ProjectDeleted',
] as const satisfies ReadonlyArray<ProjectEvent['type']>;

export const NO_PRODUCT_TYPE = '-';

const DAY_MS = 86_400_000;
/** Days between two instants, to two decimals. */
/**
 * A stretch that ends at \`at\`. A function of the module, not a closure made per event: under tsx
 * (the CLI, the embedded shop) every closure made gets its name set again, for every event of a rebuild.
 */
function closeStretch(stretches: Stretch[], at: string, measure: string, since: string): void {
  stretches.push({ measure, started: since, ended: at, days: daysBetween(since, at) });
}

export const daysBetween = (from: string, to: string): number => Math.round(((Date.parse(to) - Date.parse(from)) / DAY_MS) * 100) / 100;

/**
 * One event on a project's flow: the flow after it (changed in place; a new one for a created
 * project) and the stretches it closed. A flow starts at ProjectCreated or ProjectCopied; other
 * events without a flow change nothing.
 */
export function flowStep(flow: ProjectFlow | undefined, event: ProjectEvent): { flow: ProjectFlow | undefined; stretches: Stretch[] } {
  const at = event.data.at;
  if (event.type === 'ProjectCreated' || event.type === 'ProjectCopied') {
    const { fabrics, category, projectId } = event.data;
    const started: ProjectFlow = {
      projectId,
      started: at,
      productType: mainProductType(fabrics),
      category: category ?? NO_PRODUCT_TYPE,
      submitted: null,
      priced: null,
      approved: null,
      paid: null,
      shipped: null,
      cancelled: null,
      state: 'D',
      stateSince: at,
      production: null,
      productionSince: null,
    };
    return { flow: started, stretches: [] };
  }
  if (!flow) return { flow, stretches: [] };
  const stretches: Stretch[] = [];
  const next = nextState(event, flow.state);
  if (next !== null && next !== flow.state) {
    closeStretch(stretches, at, `state ${flow.state}`, flow.stateSince);
    flow.state = next;
    flow.stateSince = at;
  }
  switch (event.type) {
    case 'DraftSaved':
      flow.productType = mainProductType(event.data.fabrics);
      flow.category = event.data.category ?? NO_PRODUCT_TYPE;
      break;
    case 'SubmittedForReview':
      flow.submitted ??= at;
      break;
    case 'ItemsPriced':
      flow.priced ??= at;
      break;
    case 'ProjectApproved':
      flow.approved ??= at;
      break;
    case 'PaymentRecorded':
      if (flow.paid === null) {
        flow.paid = at;
        closeStretch(stretches, at, 'draft-to-paid', flow.started);
      }
      break;
    case 'ProductionStarted':
      flow.production = 'N';
      flow.productionSince = at;
      break;
    case 'ProductionStateChanged':
    case 'ProjectCompleted':
    case 'ProjectArchived':
      if (flow.production !== null && flow.productionSince !== null) {
        closeStretch(stretches, at, `production ${flow.production}`, flow.productionSince);
        const changed = event.type === 'ProductionStateChanged';
        flow.production = changed ? event.data.to : null;
        flow.productionSince = changed ? at : null;
      }
      if (event.type === 'ProjectArchived') flow.cancelled ??= at;
      break;
    case 'ProjectShipped':
      flow.shipped ??= at;
      if (flow.paid !== null) closeStretch(stretches, at, 'paid-to-shipped', flow.paid);
      break;
    case 'ProjectDeleted':
      flow.cancelled ??= at;
      break;
    default:
  }
  return { flow, stretches };
}

/** The project state an event moves a project to, if it moves it. */
function nextState(event: ProjectEvent, current: ProjectState): ProjectState | null {
  switch (event.type) {
    case 'SubmittedForReview':
      return 'R';
    case 'ReturnedToDraft':
    case 'ProjectDeleted':
      return 'D';
    case 'ProjectApproved':
      return 'A';
    case 'PaymentRecorded':
      return current === 'A' ? 'P' : null;
    case 'ProjectPaused':
      return 'PS';
    case 'ProjectUnpaused':
      return event.data.to;
    case 'ProductionStarted':
      return 'I';
    case 'ProjectCompleted':
      return 'C';
    case 'ProjectShipped':
      return 'S';
    case 'ProjectArchived':
      return 'X';
    default:
      return null;
  }
}

type Fabrics = ReadonlyArray<{ items: ReadonlyArray<{ product_type?: string | null; quantity?: number | null }> }>;

/** The product type with the most items (the first chosen on a tie), so each project counts in one group. */
export function mainProductType(fabrics: Fabrics): string {
  // Most projects have one product type: its items summed without a map (every saved draft
  // comes through here, in a rebuild a hundred thousand times).
  let only: string | null = null;
  let quantity = 0;
  for (const fabric of fabrics) {
    for (const item of fabric.items) {
      if (!item.product_type) continue;
      if (only !== null && item.product_type !== only) return mostItems(fabrics);
      only = item.product_type;
      quantity += item.quantity ?? 1;
    }
  }
  return only !== null && quantity > 0 ? only : NO_PRODUCT_TYPE;
}

function mostItems(fabrics: Fabrics): string {
  const quantities = new Map<string, number>();
  for (const fabric of fabrics) {
    for (const item of fabric.items) {
      if (!item.product_type) continue;
      quantities.set(item.product_type, (quantities.get(item.product_type) ?? 0) + (item.quantity ?? 1));
    }
  }
  let best = NO_PRODUCT_TYPE;
  let most = 0;
  for (const [type, quantity] of quantities) {
    if (quantity > most) [best, most] = [type, quantity];
  }
  return best;
}

/** How many projects of a cohort reached each step (cancelled: archived or deleted). */
export interface FunnelCounts {
  started: number;
  submitted: number;
  priced: number;
  approved: number;
  paid: number;
  shipped: number;
  cancelled: number;
}

export const funnelSteps = ['started', 'submitted', 'priced', 'approved', 'paid', 'shipped'] as const;

export interface FunnelStep {
  step: (typeof funnelSteps)[number] | 'cancelled';
  projects: number;
  /** Percent of the step before (one decimal); null when that is 0 and for cancelled. */
  of_previous_pct: number | null;
  of_started_pct: number | null;
  /** Projects that reached the step before and not this one; null for cancelled. */
  dropped: number | null;
}

const percent = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/** The funnel's rows: each step with its conversion and drop-off, then cancelled. */
export function funnelStepRows(counts: FunnelCounts): FunnelStep[] {
  return [
    ...funnelSteps.map((step, index) => {
      const previous = index === 0 ? counts.started : counts[funnelSteps[index - 1]!];
      return { step, projects: counts[step], of_previous_pct: percent(counts[step], previous), of_started_pct: percent(counts[step], counts.started), dropped: previous - counts[step] };
    }),
    { step: 'cancelled' as const, projects: counts.cancelled, of_previous_pct: null, of_started_pct: percent(counts.cancelled, counts.started), dropped: null },
  ];
}
