import { evolveOrganization, initialOrganizationState, OrganizationEvent, organizationEventTypes, organizationView, type OrganizationStreamState } from '@shop/domain';
import type { Projection } from '../../runner/projection.js';
import { statePerStream } from '../state-per-stream.js';

/** Organizations with their members, folded with the domain's evolve and organizationView. */
const organizations = statePerStream<OrganizationStreamState>({
  name: 'organizations',
  state: {
    table: 'organizations',
    columns: ['stream_id', 'organization_id', 'name', 'deleted', 'stream_state', 'view'],
    types: ['text', 'text', 'text', 'boolean', 'jsonb', 'jsonb'],
    row: (streamId, state) => {
      const view = organizationView(state);
      return view && [streamId, view.id, view.name, view.deleted, state, view];
    },
  },
  step: (state, event) => ({
    state: evolveOrganization(state ?? initialOrganizationState(), OrganizationEvent.parse({ type: event.type, data: event.data })),
  }),
});

export const organizationsProjection: Projection = {
  name: 'organizations',
  version: 1,
  handles: organizationEventTypes,
  tables: ['organizations'],
  apply: organizations.apply,
};

/** One-pass rebuild: each organization folded in memory, one row per stream at the end. */
export const organizationsBulk = organizations.bulk;
