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
import type { BulkProjection } from '../../rebuild/bulk-fold.js';
import type { Projection } from '../../runner/projection.js';
import { byStream, streamsWithHistory } from '../stream-batches.js';
import { readProjectEvent } from '../read-project-event.js';
import { countsFromDetailsSql, ProjectCountChanges } from './counts.js';
import { formerReadersOf } from './former-readers.js';
import { storedState } from './stored-state.js';

/**
 * Project details and lists: folds each project stream with the domain's own `evolve` and stores
 * the domain's `projectView` of the result, so the read side never re-states a business rule.
 * Parsing with the event schema makes an event this projection cannot read stop it (never skip).
 */
export const projectsProjection: Projection = {
  name: 'projects',
  version: 1,
  handles: projectEventTypes,
  tables: ['project_details', 'project_counts'],
  // Every stream's state read once, folded, written once, whatever the batch's size.
  apply: async (client, events) => {
    const groups = byStream(events);
    // A stream starting in this batch has no stored state to read (decision 0289).
    const states = await loadStreamStates(client, streamsWithHistory(events));
    const rows: unknown[][] = [];
    const counts = new ProjectCountChanges();
    for (const [streamId, group] of groups) {
      const before = states.get(streamId) ?? initialProjectState();
      let state = before;
      for (const event of group) state = evolveProject(state, readProjectEvent(event.type, event.data));
      counts.move(before, state);
      const row = detailRow(streamId, group[group.length - 1]!.revision, state);
      if (row) rows.push(row);
    }
    // One statement for the batch: a round trip per stream was most of a live batch's time. The
    // counts ride in the first chunk's statement (decision 0294); with no row to write, alone.
    if (rows.length === 0) return counts.write(client);
    for (let at = 0; at < rows.length; at += UPSERT_ROWS) await upsertDetails(client, rows.slice(at, at + UPSERT_ROWS), at === 0 ? counts : undefined);
    await counts.dropZeros(client);
  },
  // The live push reads a project's owner and organization from this read model (decision 0247).
  formerReaders: formerReadersOf,
};

async function loadStreamStates(client: PoolClient, streamIds: string[]): Promise<Map<string, ProjectStreamState>> {
  if (streamIds.length === 0) return new Map();
  const result = await client.query<{ stream_id: string; stream_state: string }>(
    'SELECT stream_id, stream_state FROM project_details WHERE stream_id = ANY($1)',
    [streamIds],
  );
  return new Map(result.rows.map((row) => [row.stream_id, storedState(row.stream_state)]));
}

const DETAIL_COLUMNS = [
  'stream_id', 'project_id', 'revision', 'owner_id', 'organization_id', 'name', 'state', 'production_state',
  'deleted', 'due', 'paid_amount', 'balance_remaining', 'stream_state',
  'internal_rank', 'internal_date', 'internal_updated', 'customer_rank', 'customer_date', 'customer_updated',
  'order_number',
] as const;

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

/** Rows per multi-row upsert (20 parameters each, well under PostgreSQL's 65,535). */
const UPSERT_ROWS = 1000;

async function upsertDetails(client: PoolClient, rows: unknown[][], counts?: ProjectCountChanges): Promise<void> {
  if (rows.length === 0) return;
  const width = DETAIL_COLUMNS.length;
  const values = rows.map((_, r) => `(${DETAIL_COLUMNS.map((_, c) => `$${r * width + c + 1}`).join(', ')})`).join(', ');
  // Not referenced: PostgreSQL runs it once the details are written (ExecPostprocessPlan), the order of the two statements before.
  const counted = counts?.statement(rows.length * width);
  await client.query(
    `${counted ? `WITH counted AS (${counted.text}) ` : ''}INSERT INTO project_details (${DETAIL_COLUMNS.join(', ')})
     VALUES ${values}
     ON CONFLICT (stream_id) DO UPDATE SET revision = EXCLUDED.revision, owner_id = EXCLUDED.owner_id,
       organization_id = EXCLUDED.organization_id, name = EXCLUDED.name, state = EXCLUDED.state,
       production_state = EXCLUDED.production_state, deleted = EXCLUDED.deleted, due = EXCLUDED.due,
       paid_amount = EXCLUDED.paid_amount, balance_remaining = EXCLUDED.balance_remaining,
       stream_state = EXCLUDED.stream_state,
       internal_rank = EXCLUDED.internal_rank, internal_date = EXCLUDED.internal_date, internal_updated = EXCLUDED.internal_updated,
       customer_rank = EXCLUDED.customer_rank, customer_date = EXCLUDED.customer_date, customer_updated = EXCLUDED.customer_updated,
       order_number = EXCLUDED.order_number`,
    counted ? [...rows.flat(), ...counted.params] : rows.flat(),
  );
}

/**
 * One-pass rebuild: the shared fold keeps each stream's state; one row per stream at the end,
 * the same row `apply` leaves after the stream's last event.
 */
export const projectsBulk: BulkProjection = {
  name: 'projects',
  columns: { project_details: DETAIL_COLUMNS },
  // The counts are a sum over the rows the load wrote; the swap's catch-up then applies changes to both.
  derived: { project_counts: countsFromDetailsSql },
  create: () => ({
    add: (event, shared) => void shared.projectStep(event),
    complete: function* (streamId, shared) {
      const folded = shared.projects.get(streamId);
      const row = folded && detailRow(streamId, folded.revision, folded.state);
      if (row) yield ['project_details', row];
    },
    finish: function* (shared) {
      for (const [streamId, folded] of shared.projects) {
        const row = detailRow(streamId, folded.revision, folded.state);
        if (row) yield ['project_details', row];
      }
    },
  }),
};
