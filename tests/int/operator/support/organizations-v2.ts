import type { OrganizationView } from '@shop/domain';
import type { PoolClient, StoredEvent } from '@shop/infra';
import { allProjections, bulkProjections, type BulkProjection, type Projection, type TableRow } from '@shop/projectors';

const organizationsProjection = allProjections.find((projection) => projection.name === 'organizations')!;
const organizationsBulk = bulkProjections.get('organizations')!;

/**
 * The organizations read model at a version 2 that exists only in the upgrade tests
 * (docs/decisions/0215): it adds a column, `member_count`, written by both the live fold and the
 * one-pass fold, as a real change to a projection would be. `failOnName`: version 2 has a bug and
 * throws on the organization created with that name (in both folds, as a real bug would).
 * `slowFoldMs`: its one-pass fold spends that long on each organization event, so a test can kill
 * the process while the upgrade is surely still folding.
 */
export function organizationsV2(failOnName?: string, slowFoldMs = 0): Projection {
  const check = (event: StoredEvent) => {
    if (failOnName !== undefined && event.type === 'OrganizationCreated' && (event.data as { name?: string }).name === failOnName) {
      throw new Error(`version 2 cannot fold the organization named ${failOnName}`);
    }
  };
  return {
    ...organizationsProjection,
    version: 2,
    apply: async (client: PoolClient, events: readonly StoredEvent[]) => {
      events.forEach(check);
      await organizationsProjection.apply(client, events);
      const streams = [...new Set(events.map((event) => event.streamId))];
      await client.query("UPDATE organizations SET member_count = jsonb_array_length(view -> 'members') WHERE stream_id = ANY($1)", [streams]);
    },
    bulk: bulkV2((event) => {
      check(event);
      slowDown(slowFoldMs);
    }),
  };
}

/** The fold is synchronous: a busy wait is the only way to make it take longer. */
function slowDown(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // spin
  }
}

/** The migration version 2 ships with, run before it starts (the old version's rows get the column empty). */
export const memberCountMigration = 'ALTER TABLE organizations ADD COLUMN IF NOT EXISTS member_count integer';

/** Every projection of the shop, with `organizations` replaced by the given one. */
export const projectionsWith = (organizations: Projection): Projection[] =>
  allProjections.map((projection) => (projection.name === organizations.name ? organizations : projection));

function bulkV2(check: (event: StoredEvent) => void): BulkProjection {
  const columns = organizationsBulk.columns.organizations!;
  const view = columns.indexOf('view');
  const withCount = function* (rows: Iterable<TableRow>): Iterable<TableRow> {
    for (const [table, row] of rows) yield [table, [...row, (row[view] as OrganizationView).members.length]];
  };
  return {
    name: organizationsBulk.name,
    columns: { organizations: [...columns, 'member_count'] },
    create: () => {
      const fold = organizationsBulk.create();
      const complete = fold.complete;
      return {
        add: (event, shared, sink) => {
          check(event);
          fold.add(event, shared, sink);
        },
        finish: () => withCount(fold.finish()),
        ...(complete && { complete: (streamId: string) => withCount(complete(streamId)) }),
      };
    },
  };
}
