import type { PoolClient, StoredEvent } from '@shop/infra';
import type { TableRow } from '../../rebuild/bulk-fold.js';
import type { Projection } from '../../runner/projection.js';
import { statePerStream } from '../state-per-stream.js';
import { flowEventTypes, flowStep, type ProjectFlow, type Stretch } from './flow.js';

const FLOW_COLUMNS = [
  'stream_id',
  'project_id',
  'product_type',
  'category',
  'started_at',
  'submitted_at',
  'priced_at',
  'approved_at',
  'paid_at',
  'shipped_at',
  'cancelled_at',
  'state',
  'state_since',
  'production_state',
  'production_since',
] as const;
const FLOW_TYPES = ['text', 'text', 'text', 'text', ...Array<string>(7).fill('timestamptz'), 'text', 'timestamptz', 'text', 'timestamptz'];
const STRETCH_COLUMNS = ['event_id', 'measure', 'stream_id', 'started_at', 'ended_at', 'days'] as const;
const STRETCH_TYPES = ['uuid', 'text', 'text', 'timestamptz', 'timestamptz', 'numeric'] as const;

const flowRow = (streamId: string, flow: ProjectFlow): unknown[] => [
  streamId,
  flow.projectId,
  flow.productType,
  flow.category,
  flow.started,
  flow.submitted,
  flow.priced,
  flow.approved,
  flow.paid,
  flow.shipped,
  flow.cancelled,
  flow.state,
  flow.stateSince,
  flow.production,
  flow.productionSince,
];
const stretchRow = (event: StoredEvent, stretch: Stretch): unknown[] => [event.id, stretch.measure, event.streamId, stretch.started, stretch.ended, stretch.days];

/** Funnel steps and lead-time stretches of every project, for the staff's Funnel and Lead times (docs/decisions/0182). */
const flows = statePerStream<ProjectFlow>({
  name: 'project_flow',
  state: { table: 'project_flow', columns: FLOW_COLUMNS, types: FLOW_TYPES, row: flowRow, load: readFlows },
  logs: { project_stretches: { columns: STRETCH_COLUMNS, types: STRETCH_TYPES } },
  step: (state, event, read) => {
    const { flow, stretches } = flowStep(state, read(event));
    return { state: flow, rows: stretches.map((stretch): TableRow => ['project_stretches', stretchRow(event, stretch)]) };
  },
});

export const projectFlowProjection: Projection = {
  name: 'project_flow',
  version: 1,
  handles: flowEventTypes,
  tables: ['project_flow', 'project_stretches'],
  apply: flows.apply,
};

/** One-pass rebuild: flows in memory, one row each when the stream is complete; stretches as they close. */
export const projectFlowBulk = flows.bulk;

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;
const READ_FLOWS = `SELECT stream_id, project_id, product_type, category, state, production_state,
  ${['started_at', 'submitted_at', 'priced_at', 'approved_at', 'paid_at', 'shipped_at', 'cancelled_at', 'state_since', 'production_since'].map(ISO).join(', ')}
  FROM project_flow WHERE stream_id = ANY($1)`;

/** The flows as the table holds them, times as the ISO text the events carry, by stream. */
async function readFlows(client: PoolClient, streamIds: string[]): Promise<Map<string, ProjectFlow>> {
  if (streamIds.length === 0) return new Map();
  const { rows } = await client.query<Record<(typeof FLOW_COLUMNS)[number], string | null>>(READ_FLOWS, [streamIds]);
  return new Map(rows.map((row) => [row.stream_id!, flowOf(row)]));
}

function flowOf(row: Record<(typeof FLOW_COLUMNS)[number], string | null>): ProjectFlow {
  return {
    projectId: row.project_id!,
    productType: row.product_type!,
    category: row.category!,
    started: row.started_at!,
    submitted: row.submitted_at,
    priced: row.priced_at,
    approved: row.approved_at,
    paid: row.paid_at,
    shipped: row.shipped_at,
    cancelled: row.cancelled_at,
    state: row.state as ProjectFlow['state'],
    stateSince: row.state_since!,
    production: row.production_state as ProjectFlow['production'],
    productionSince: row.production_since,
  };
}
