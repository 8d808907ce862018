import type { ProjectEventOf } from '@shop/domain';
import type { PoolClient, StoredEvent } from '@shop/infra';
import type { FormerReaders } from '../../runner/projection.js';
import { readProjectEvent } from '../read-project-event.js';

/**
 * Who could read each transferred project before these events (docs/decisions/0247): the old owner
 * (named by the event) and the old organization's members. The event names only the organization it
 * goes to, so the one it leaves is what `project_details` holds before the batch is applied, then
 * each transfer's own for a later one in the same batch. A reader who may still read the project
 * (the same organization, staff) is sorted out by the live push.
 */
export async function formerReadersOf(client: PoolClient, events: readonly StoredEvent[]): Promise<Map<string, FormerReaders>> {
  const transfers = events.filter((event) => event.type === 'ProjectTransferred');
  const found = new Map<string, FormerReaders>();
  if (transfers.length === 0) return found;
  const { rows } = await client.query<{ stream_id: string; organization_id: string | null }>(
    'SELECT stream_id, organization_id FROM project_details WHERE stream_id = ANY($1)',
    [[...new Set(transfers.map((event) => event.streamId))]],
  );
  const organizationOf = new Map(rows.map((row) => [row.stream_id, row.organization_id]));
  for (const event of transfers) {
    const { data } = readProjectEvent(event.type, event.data) as ProjectEventOf<'ProjectTransferred'>;
    const before = organizationOf.get(event.streamId) ?? null;
    organizationOf.set(event.streamId, data.organizationId);
    let readers = found.get(event.streamId);
    if (!readers) found.set(event.streamId, (readers = { users: [], organizations: [] }));
    if (data.fromUserId !== data.toUserId) readers.users.push(data.fromUserId);
    if (before !== null && before !== data.organizationId) readers.organizations.push(before);
  }
  return found;
}
