import { z } from 'zod';
import { ProductionState, ProjectState } from '@shop/domain';

/**
 * What the reads answer, for the OpenAPI document (schemathesis checks every answer against
 * these). Each names the fields a client relies on with their exact types; nested domain shapes
 * (fabrics, line items, notes) stay open objects, so the document never claims more than it knows.
 */
const open = z.object({}).passthrough();
const isoDate = z.string();
const nullableDate = isoDate.nullable();
const money = z.number().int();

/** Money not known yet (an unpriced project) is null, shown as 'Price TBD'; never a 0 meaning unknown. */
const unknownOrMoney = money.nullable();
export const Cost = z.object({
  labor: unknownOrMoney,
  fabric: unknownOrMoney,
  subtotal: unknownOrMoney,
  tax: unknownOrMoney,
  shipping: money,
  remaining: unknownOrMoney,
  paid: money,
  total: unknownOrMoney,
});

const Progress = z.object({ steps: z.array(z.string()), current: z.number().int().nullable(), done: z.boolean() });
const Shipment = z.object({ carrier: z.string().nullable(), tracking_number: z.string().nullable(), tracking_url: z.string().nullable() }).nullable();
const Readiness = z.string();

const TimelineStep = z.object({ step: z.string(), label: z.string(), at: isoDate, detail: open });
const Activity = z.object({
  kind: z.enum(['P', 'S', 'E', 'PR']),
  text: z.string(),
  at: isoDate,
  actor: z.string(),
  actor_in_words: z.string().describe('Who, from the users read model at query time: "Wendy Walker (customer)".'),
});

/** The SPEC §3 Project fields every project answer has. */
const ProjectFields = z.object({
  id: z.string(),
  order_number: z.number().int().nullable().describe('The short order number (#1042); null for projects created before numbers existed (decision 0315).'),
  order_label: z.string().describe('"#1042", or "Ref. fd31a7ee" for an older project without a number.'),
  name: z.string(),
  user: z.string(),
  state: ProjectState,
  production_state: ProductionState,
  created: isoDate,
  updated: isoDate,
  submitted: nullableDate,
  approved: nullableDate,
  paused: nullableDate,
  unpaused: nullableDate,
  started: nullableDate,
  due: nullableDate,
  paid: nullableDate,
  onsite_complete: z.boolean(),
  fabric_arrived: z.boolean(),
  partial_payment: z.boolean(),
  project_ready: z.boolean(),
  fabrics: z.array(open),
  additional_notes: z.string(),
  notes: open,
  shipping_notes: open,
  shipping_cost: z.number(),
  category: z.string().nullable(),
  total_quantity: z.number(),
  contains_upholstery: z.boolean(),
  organization: z.string().nullable(),
  organization_id: z.string().nullable(),
  items: z.array(open),
  production_time: z.number(),
  has_upholstery: z.boolean(),
  readiness: Readiness,
});

export const CustomerProject = ProjectFields.extend({
  events: z.array(TimelineStep),
  shipment: Shipment,
  progress: Progress,
  cost: Cost,
  revision: z.number().int(),
}).passthrough();

export const InternalProject = ProjectFields.extend({
  events: z.array(Activity),
  activity: z.array(Activity),
  staff_notes: z.array(z.object({ id: z.string(), text: z.string(), author: z.string(), author_in_words: z.string(), created: isoDate, updated: nullableDate })),
  cost: Cost,
  completed: nullableDate,
  shipped: nullableDate,
  archived: nullableDate,
  paid_amount: money,
  balance_remaining: money.nullable(),
  shipment: Shipment,
  copied_from: z.string().nullable(),
  deleted: z.boolean(),
  progress: Progress,
  revision: z.number().int(),
}).passthrough();

export const ProjectSummary = z
  .object({
    id: z.string(),
    order_number: z.number().int().nullable().describe('The short order number (#1042); null for projects created before numbers existed (decision 0315).'),
    order_label: z.string().describe('"#1042", or "Ref. fd31a7ee" for an older project without a number.'),
    name: z.string(),
    state: ProjectState,
    production_state: ProductionState,
    user: z.string(),
    organization_id: z.string().nullable(),
    created: isoDate,
    updated: isoDate,
    submitted: nullableDate,
    approved: nullableDate,
    paid: nullableDate,
    due: nullableDate,
    total_quantity: z.number(),
    readiness: Readiness,
    total: unknownOrMoney,
  })
  .passthrough();

/** A staff list entry: the owner named from the users read model at query time. */
export const InternalProjectSummary = ProjectSummary.extend({
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  user_in_words: z.string().describe('"Wendy Walker (customer)".'),
}).passthrough();

export const ProjectTimeline = z.object({ id: z.string(), state: ProjectState, progress: Progress, shipment: Shipment, steps: z.array(TimelineStep), revision: z.number().int() });

export const InternalSummary = z
  .object({
    id: z.string(),
    order_number: z.number().int().nullable().describe('The short order number (#1042); null for projects created before numbers existed (decision 0315).'),
    order_label: z.string().describe('"#1042", or "Ref. fd31a7ee" for an older project without a number.'),
    name: z.string(),
    state: ProjectState,
    production_state: ProductionState,
    readiness: Readiness,
    due: nullableDate,
    production_time: z.number(),
    customer: z.object({ user_id: z.string(), name: z.string(), email: z.string(), phone: z.string() }).nullable(),
    organization: z.object({ id: z.string(), name: z.string() }).nullable(),
    shipping_notes: open,
    fabrics: z.array(open),
    total_quantity: z.number(),
    additional_notes: z.string(),
    cost: Cost,
    revision: z.number().int(),
  })
  .passthrough();

const AuditEntry = z
  .object({
    revision: z.number().int(),
    event_id: z.string(),
    type: z.string(),
    actor: z.string(),
    actor_name: z.string().nullable(),
    actor_email: z.string().nullable(),
    actor_role: z.enum(['staff', 'customer', 'system', 'unknown']).describe('From the users read model at query time.'),
    actor_in_words: z.string().describe('"Wendy Walker (customer)", "The shop (system)".'),
    event_name: z.string().describe('The business name of the event type, e.g. "Quote approved".'),
    summary: z.string().describe('The line in words: who did what and the main changes.'),
    changes_in_words: z.array(z.object({ field: z.string(), label: z.string(), from: z.string(), to: z.string() })).describe('The changes that matter to people: dollars, state labels, MM/dd/yyyy.'),
    at: isoDate.describe('The business time (the event\'s occurredAt).'),
    recorded_at: isoDate.nullable().describe('When the database recorded the event (its clock, microseconds); null for events older than that record.'),
    trace_id: z.string().nullable().describe('The OpenTelemetry trace id of the write that appended the event, to look up in the collector; null when tracing was off then.'),
    changes: z.array(z.object({ field: z.string() }).passthrough()).describe('Every changed field of the project view, raw.'),
    data: open,
  })
  .passthrough();

export const AuditLog = z
  .object({
    id: z.string(),
    stream_id: z.string(),
    revision: z.number().int(),
    as_of: isoDate.optional(),
    project: InternalProject.nullable().optional(),
    events: z.array(AuditEntry),
  })
  .passthrough();

/** A signed digest of the log as an auditor keeps it (decision 0347's `digestForAuditor`). */
export const LogDigestForAuditor = z.object({
  format: z.literal('shop-log-digest/1'),
  digestId: z.string(),
  sealedAt: isoDate.describe('The database clock when sealed.'),
  horizon: z.string().describe('Every event of a transaction below this is covered.'),
  events: z.string().describe('How many events the digest covers.'),
  streams: z.string(),
  root: z.string().describe('RFC 6962 Merkle tree hash over the stream heads, hex.'),
  statement: z.string().describe('The exact text signed.'),
  signature: z.string().describe('Ed25519, base64.'),
  algorithm: z.literal('Ed25519'),
  publicKey: z.string().describe('SPKI PEM of the signing key.'),
});

export const CheckedUser = z.object({ user_id: z.string(), email: z.string(), name: z.string(), is_active: z.boolean(), is_staff: z.boolean(), is_guest: z.boolean() });

export const UserProfile = z.object({
  email: z.string(),
  name: z.string(),
  user_id: z.string().nullable(),
  phone: z.string(),
  is_designer: z.boolean(),
  is_staff: z.boolean(),
  user_hash: z.string(),
  /** The account stream revision the profile shows; absent when nobody is logged in. */
  revision: z.number().int().optional(),
});

export const ProductsResponse = z.object({ products: z.array(open), types: open, categories: z.array(open) }).passthrough();
export const FabricsResponse = z.object({ fabrics: z.array(open), types: z.unknown(), filters: z.unknown() }).passthrough();

export const Organization = z
  .object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string(), address: z.string(), members: z.array(z.string()), created: isoDate, updated: isoDate, deleted: z.boolean() })
  .passthrough();
export const OrganizationDetail = Organization.extend({
  member_details: z.array(z.object({ user_id: z.string(), email: z.string(), name: z.string(), phone: z.string() })),
  revision: z.number().int(),
}).passthrough();
export const ShippedProject = ProjectSummary.extend({ shipped: nullableDate, shipment: Shipment }).passthrough();

export const MonthlyRevenue = z.array(z.object({ month: z.string(), revenue: money, payments: z.number().int() }));
export const RollingRevenue = z.object({ days: z.number().int(), from: isoDate, to: isoDate, revenue: money, payments: z.number().int() });
export const ProductionRevenue = z.array(z.object({ state: ProjectState, projects: z.number().int(), total: money, paid: money, remaining: money }));
export const ProductsDue = z.array(z.object({ product_type: z.string(), quantity: z.number(), projects: z.number().int(), next_due: nullableDate }));
const pct = z.number().nullable();
export const Funnel = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  product_type: z.string().nullable(),
  steps: z.array(z.object({ step: z.string(), projects: z.number().int(), of_previous_pct: pct, of_started_pct: pct, dropped: z.number().int().nullable() })),
});
export const LeadTimes = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  product_type: z.string().nullable(),
  measures: z.array(z.object({ measure: z.string(), count: z.number().int(), p50_days: z.number(), p90_days: z.number(), max_days: z.number() })),
});
export const ProjectsDue = z.array(ProjectSummary.extend({ days_left: z.number().int().nullable() }).passthrough());

export const Notifications = z.object({ data: z.array(z.object({ id: z.union([z.string(), z.number()]), attributes: z.object({ Active: z.boolean(), Message: z.string() }) })) });

const ParkedStreamShape = z.object({
  projection: z.string(),
  stream_id: z.string(),
  applied_revision: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  event_revision: z.number().int(),
  error: z.string(),
  parked_at: isoDate,
  retry_requested_at: nullableDate,
});

const UpgradeShape = z.object({
  from_version: z.number().int().nullable(),
  to_version: z.number().int(),
  state: z.enum(['running', 'failed']),
  error: z.string().nullable(),
  started_at: isoDate,
  progress: z
    .object({ phase: z.string(), events_done: z.number().int(), events_total: z.number().int(), events_per_second: z.number(), eta_seconds: z.number() })
    .nullable(),
});

export const ProjectionHealth = z.object({
  projections: z.array(
    z.object({
      name: z.string(),
      position: z.number().int(),
      lag_events: z.number().int(),
      lag_ms: z.number().int(),
      parked_streams: z.number().int(),
      version: z.number().int().nullable(),
      upgrade: UpgradeShape.nullable(),
    }),
  ),
  parked_streams: z.array(ParkedStreamShape),
  kafka: z
    .object({
      topic: z.string(),
      consumer_lag: z
        .array(z.object({ partition: z.number().int(), messages: z.number().int() }))
        .nullable()
        .describe("The projector group's lag per partition of the topic; null when the brokers could not be asked (consumer_lag_error says why)."),
      consumer_lag_error: z.string().nullable(),
      relay: z.object({ lag_events: z.number().int(), lag_ms: z.number().int() }).describe('Events in the log Kafka has not acknowledged from the relay yet, and how long the oldest has waited.'),
      gap_fills: z.object({
        total: z.number().int(),
        events_filled: z.number().int(),
        recent: z.array(
          z.object({
            projection: z.string(),
            stream_id: z.string(),
            from_revision: z.number().int(),
            to_revision: z.number().int(),
            events_filled: z.number().int(),
            filled_at: z.string(),
          }),
        ),
      }),
    })
    .nullable()
    .describe('The scaled topology (projections fed through Kafka, decision 0385); null when the projections follow the log directly.'),
});

export const ReadModelLag = z.object({
  catching_up: z.boolean().describe('True while one of them is behind the log by more than a moment (1.5 s or 100 events).'),
  events_behind: z.number().int().describe('The most events any of them has still to apply; 0 when not catching up.'),
  read_models: z.array(z.object({ name: z.string(), events_behind: z.number().int(), lag_ms: z.number().int() })),
});

/** A card payment's capture as staff follow it (decision 0380): the outbox row behind PaymentCaptured / PaymentCaptureFailed. */
export const CardPayments = z.array(
  z.object({
    charge_id: z.string(),
    project_id: z.string(),
    amount: money,
    gateway: z.string(),
    state: z.enum(['authorized', 'captured', 'capture_failed']).describe('Authorised and not yet captured (being tried), captured, or failed for good'),
    status: z.enum(['pending', 'capturing', 'captured', 'failed']).describe("The reactor's step: waiting for an attempt, asking the gateway, or settled"),
    attempts: z.number().int(),
    last_error: z.string().nullable().describe("The gateway's last refusal (the failure's reason once failed)"),
    authorized_at: isoDate,
    next_attempt_at: nullableDate.describe('When the next attempt is due; null once settled'),
    settled_at: nullableDate,
  }),
);
