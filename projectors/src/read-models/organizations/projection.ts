import { evolveOrganization, initialOrganizationState, OrganizationEvent, organizationEventTypes, organizationView, type OrganizationStreamState } from '@shop/domain';
import type { PoolClient, StoredEvent } from '@shop/infra';
import { rowPerStream, type BulkProjection } from '../../rebuild/bulk-fold.js';
import type { Projection } from '../../runner/projection.js';

/** Organizations with their members, folded with the domain's evolve and organizationView. */
export const organizationsProjection: Projection = {
  name: 'organizations',
  version: 1,
  handles: organizationEventTypes,
  tables: ['organizations'],
  apply: async (client, event) => {
    const domainEvent = OrganizationEvent.parse({ type: event.type, data: event.data });
    const before = await loadOrganization(client, event.streamId);
    await saveOrganization(client, event, evolveOrganization(before, domainEvent));
  },
};

async function loadOrganization(client: PoolClient, streamId: string): Promise<OrganizationStreamState> {
  const result = await client.query<{ stream_state: OrganizationStreamState }>('SELECT stream_state FROM organizations WHERE stream_id = $1', [streamId]);
  return result.rows[0]?.stream_state ?? initialOrganizationState();
}

async function saveOrganization(client: PoolClient, event: StoredEvent, state: OrganizationStreamState): Promise<void> {
  const view = organizationView(state);
  if (!view) return;
  await client.query(
    `INSERT INTO organizations (stream_id, organization_id, name, deleted, stream_state, view) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (stream_id) DO UPDATE SET organization_id = EXCLUDED.organization_id, name = EXCLUDED.name,
       deleted = EXCLUDED.deleted, stream_state = EXCLUDED.stream_state, view = EXCLUDED.view`,
    [event.streamId, view.id, view.name, view.deleted, state, view],
  );
}

/** One-pass rebuild: each organization folded in memory, one row per stream at the end. */
export const organizationsBulk: BulkProjection = {
  name: 'organizations',
  columns: { organizations: ['stream_id', 'organization_id', 'name', 'deleted', 'stream_state', 'view'] },
  create: () => {
    const organizations = new Map<string, OrganizationStreamState>();
    return {
      add: (event) => {
        const domainEvent = OrganizationEvent.parse({ type: event.type, data: event.data });
        organizations.set(event.streamId, evolveOrganization(organizations.get(event.streamId) ?? initialOrganizationState(), domainEvent));
      },
      ...rowPerStream(organizations, (streamId, state) => {
        const view = organizationView(state);
        return view && ['organizations', [streamId, view.id, view.name, view.deleted, state, view]];
      }),
    };
  },
};
