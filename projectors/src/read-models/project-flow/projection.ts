import type { PoolClient, StoredEvent } from '@shop/infra';
import { readProjectEvent } from '../read-project-event.js';
import { rowPerStream, type BulkProjection, type TableRow } from '../../rebuild/bulk-fold.js';
import type { Projection } from '../../runner/projection.js';
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
const STRETCH_COLUMNS = ['event_id', 'measure', 'stream_id', 'started_at', 'ended_at', 'days'] as const;

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
export const projectFlowProjection: Projection = {
  name: 'project_flow',
  version: 1,
  handles: flowEventTypes,
  tables: ['project_flow', 'project_stretches'],
  apply: async (client, event) => {
    const { flow, stretches } = flowStep(await readFlow(client, event.streamId), readProjectEvent(event.type, event.data));
    if (!flow) return;
    const placeholders = FLOW_COLUMNS.map((_, i) => `$${i + 1}`).join(', ');
    const updates = FLOW_COLUMNS.slice(1).map((column) => `${column} = EXCLUDED.${column}`).join(', ');
    await client.query(`INSERT INTO project_flow (${FLOW_COLUMNS.join(', ')}) VALUES (${placeholders}) ON CONFLICT (stream_id) DO UPDATE SET ${updates}`, flowRow(event.streamId, flow));
    for (const stretch of stretches) {
      await client.query(`INSERT INTO project_stretches (${STRETCH_COLUMNS.join(', ')}) VALUES ($1, $2, $3, $4, $5, $6)`, stretchRow(event, stretch));
    }
  },
};

/** The flow as the table holds it, times as the ISO text the events carry. */
async function readFlow(client: PoolClient, streamId: string): Promise<ProjectFlow | undefined> {
  const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;
  const { rows } = await client.query<Record<(typeof FLOW_COLUMNS)[number], string | null>>(
    `SELECT project_id, product_type, category, state, production_state,
            ${['started_at', 'submitted_at', 'priced_at', 'approved_at', 'paid_at', 'shipped_at', 'cancelled_at', 'state_since', 'production_since'].map(iso).join(', ')}
       FROM project_flow WHERE stream_id = $1`,
    [streamId],
  );
  const row = rows[0];
  if (!row) return undefined;
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

/** One-pass rebuild: flows in memory, one row each when the stream is complete; stretches as they close. */
export const projectFlowBulk: BulkProjection = {
  name: 'project_flow',
  columns: { project_flow: FLOW_COLUMNS, project_stretches: STRETCH_COLUMNS },
  create: () => {
    const flows = new Map<string, ProjectFlow>();
    return {
      add: (event, shared, sink) => {
        const { flow, stretches } = flowStep(flows.get(event.streamId), shared.projectEvent(event));
        if (flow) flows.set(event.streamId, flow);
        for (const stretch of stretches) sink.push('project_stretches', stretchRow(event, stretch));
      },
      ...rowPerStream(flows, (streamId, flow): TableRow => ['project_flow', flowRow(streamId, flow)]),
    };
  },
};
