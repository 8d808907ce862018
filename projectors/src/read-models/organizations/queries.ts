import type { OrganizationView } from '@shop/domain';
import type { Pool, PoolClient } from '@shop/infra';

type Db = Pool | PoolClient;

/** Live organizations by name (deleted ones stay readable by id only, for their shipped projects). */
export async function findOrganizations(db: Db): Promise<OrganizationView[]> {
  const result = await db.query<{ view: OrganizationView }>('SELECT view FROM organizations WHERE NOT deleted ORDER BY lower(name), organization_id');
  return result.rows.map((row) => row.view);
}

export async function findOrganization(db: Db, organizationId: string): Promise<OrganizationView | null> {
  const result = await db.query<{ view: OrganizationView }>('SELECT view FROM organizations WHERE organization_id = $1', [organizationId]);
  return result.rows[0]?.view ?? null;
}

/** Ids of the live organizations the user is a member of. */
export async function organizationIdsOf(db: Db, userId: string): Promise<string[]> {
  const result = await db.query<{ organization_id: string }>(
    `SELECT organization_id FROM organizations WHERE NOT deleted AND view -> 'members' ? $1`,
    [userId],
  );
  return result.rows.map((row) => row.organization_id);
}

/**
 * The organization with the revision of its stream the row shows (-1 when unknown), read in one
 * statement so both come from the same commit: the revision a page writes back is that of what it showed.
 */
export async function findOrganizationWithRevision(db: Db, organizationId: string): Promise<{ view: OrganizationView; revision: number } | null> {
  const result = await db.query<{ view: OrganizationView; revision: string | null }>(
    `SELECT o.view, r.revision FROM organizations o
       LEFT JOIN projection_stream_revisions r ON r.projection = 'organizations' AND r.stream_id = o.stream_id
      WHERE o.organization_id = $1`,
    [organizationId],
  );
  const row = result.rows[0];
  return row ? { view: row.view, revision: row.revision === null ? -1 : Number(row.revision) } : null;
}
