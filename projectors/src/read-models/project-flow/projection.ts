import type { PoolClient, StoredEvent } from '@shop/infra';
import { insertIntoTables } from '../batched-inserts.js';
import { streamsWithHistory } from '../stream-batches.js';
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
const FLOW_TYPES = ['text', 'text', 'text', 'text', ...Array<string>(7).fill('timestamptz'), 'text', 'timestamptz', 'text', 'timestamptz'];
const STRETCH_COLUMNS = ['event_id', 'measure', 'stream_id', 'started_at', 'ended_at', 'days'] as const;
const STRETCH_TYPES = ['uuid', 'text', 'text', 'timestamptz', 'timestamptz', 'numeric'] as const;
const FLOW_UPSERT = `ON CONFLICT (stream_id) DO UPDATE SET ${FLOW_COLUMNS.slice(1)
  .map((column) => `${column} = EXCLUDED.${column}`)
  .join(', ')}`;

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
  // The batch's flows read in one statement, folded in memory, written in one: a read and an
  // upsert per event would make a batch's round trips grow with its events.
  apply: async (client, events) => {
    // A stream starting in this batch has no stored flow to read (decision 0289).
    const flows = await readFlows(client, streamsWithHistory(events));
    const changed = new Set<string>();
    const stretchRows: unknown[][] = [];
    for (const event of events) {
      const { flow, stretches } = flowStep(flows.get(event.streamId), readProjectEvent(event.type, event.data));
      if (!flow) continue;
      flows.set(event.streamId, flow);
      changed.add(event.streamId);
      for (const stretch of stretches) stretchRows.push(stretchRow(event, stretch));
    }
    await writeFlows(client, [...changed].map((streamId) => flowRow(streamId, flows.get(streamId)!)), stretchRows);
  },
};

async function writeFlows(client: PoolClient, flowRows: unknown[][], stretchRows: unknown[][]): Promise<void> {
  await insertIntoTables(client, [
    { table: 'project_flow', columns: FLOW_COLUMNS, types: FLOW_TYPES, rows: flowRows, onConflict: FLOW_UPSERT },
    { table: 'project_stretches', columns: STRETCH_COLUMNS, types: STRETCH_TYPES, rows: stretchRows },
  ]);
}

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
