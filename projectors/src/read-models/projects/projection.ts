import {
  customerListOrdering,
  evolveProject,
  initialProjectState,
  internalListOrdering,
  listSortColumns,
  projectEventTypes,
  projectView,
  type ProjectStreamState,
} from '@shop/domain';
import type { PoolClient } from '@shop/infra';
import type { Projection } from '../../runner/projection.js';
import { statePerStream } from '../state-per-stream.js';
import { projectCounts } from './counts.js';
import { formerReadersOf } from './former-readers.js';
import { storedState, type FoldedProject } from './stored-state.js';

const DETAIL_COLUMNS = [
  'stream_id', 'project_id', 'revision', 'owner_id', 'organization_id', 'name', 'state', 'production_state',
  'deleted', 'due', 'paid_amount', 'balance_remaining', 'stream_state',
  'internal_rank', 'internal_date', 'internal_updated', 'customer_rank', 'customer_date', 'customer_updated',
  'order_number',
] as const;
const DETAIL_TYPES = [
  'text', 'text', 'bigint', 'text', 'text', 'text', 'text', 'text',
  'boolean', 'text', 'bigint', 'bigint', 'text',
  'smallint', 'text', 'text', 'smallint', 'text', 'text',
  'integer',
] as const;

/**
 * Project details and lists: folds each project stream with the domain's own `evolve` and stores
 * the domain's `projectView` of the result, so the read side never re-states a business rule.
 * Parsing with the event schema makes an event this projection cannot read stop it (never skip).
 */
const projects = statePerStream<FoldedProject>({
  name: 'projects',
  state: {
    table: 'project_details',
    columns: DETAIL_COLUMNS,
    types: DETAIL_TYPES,
    row: (streamId, folded) => detailRow(streamId, folded.revision, folded.state),
    load: loadStreamStates,
    summary: projectCounts,
  },
  // A new state each time, never the one given changed: the counts compare a batch's before and after.
  step: (folded, event, read) => ({ state: { state: evolveProject(folded?.state ?? initialProjectState(), read(event)), revision: event.revision } }),
});

export const projectsProjection: Projection = {
  name: 'projects',
  version: 1,
  handles: projectEventTypes,
  tables: ['project_details', 'project_counts'],
  apply: projects.apply,
  // The live push reads a project's owner and organization from this read model (decision 0247).
  formerReaders: formerReadersOf,
};

/** One-pass rebuild: each project folded in memory, one row per stream once it is complete; the counts by SQL after the load. */
export const projectsBulk = projects.bulk;

async function loadStreamStates(client: PoolClient, streamIds: string[]): Promise<Map<string, FoldedProject>> {
  if (streamIds.length === 0) return new Map();
  const result = await client.query<{ stream_id: string; revision: string; stream_state: string }>(
    'SELECT stream_id, revision, stream_state FROM project_details WHERE stream_id = ANY($1)',
    [streamIds],
  );
  return new Map(result.rows.map((row) => [row.stream_id, { state: storedState(row.stream_state), revision: Number(row.revision) }]));
}

/** The project_details row of a stream's state, in DETAIL_COLUMNS order; null while it holds no project. */
function detailRow(streamId: string, revision: number, state: ProjectStreamState): unknown[] | null {
  const view = projectView(state);
  if (!view) return null;
  const internal = listSortColumns(internalListOrdering, view);
  const customer = listSortColumns(customerListOrdering, view);
  return [
    streamId,
    view.id,
    revision,
    view.user,
    view.organization_id,
    view.name,
    view.state,
    view.production_state,
    view.deleted,
    view.due,
    view.paid_amount,
    view.balance_remaining,
    state, // as JSON text: a query parameter and a COPY line both stringify an object (stored-state.ts)
    internal.rank,
    internal.date,
    internal.updated,
    customer.rank,
    customer.date,
    customer.updated,
    view.order_number,
  ];
}
