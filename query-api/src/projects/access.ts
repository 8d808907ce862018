import { type Pool } from '@shop/infra';
import { forbidden, notFound, type SessionUser } from '@shop/http-shell';
import { findProject, organizationIdsOf, type ProjectRow } from '@shop/projectors/queries';

export interface CustomerScope {
  ownerId: string;
  organizationIds: string[];
}

/**
 * A customer sees the projects they own and those of the organizations they are a member of
 * (docs/decisions/0014: members act for their organization), read from the organizations read model.
 */
export async function customerScope(pool: Pool, user: SessionUser): Promise<CustomerScope> {
  return { ownerId: user.userId, organizationIds: await organizationIdsOf(pool, user.userId) };
}

export const isVisibleTo = (row: ProjectRow, scope: CustomerScope): boolean =>
  row.view.user === scope.ownerId || (row.view.organization_id !== null && scope.organizationIds.includes(row.view.organization_id));

/**
 * The project a customer asked for: 404 when it does not exist or was deleted, 403 when it is
 * someone else's (staff may read any).
 */
export async function customerProjectRow(pool: Pool, user: SessionUser, projectId: string): Promise<ProjectRow> {
  const row = await findProject(pool, projectId);
  if (!row || row.view.deleted) throw notFound('This project');
  // The owner needs no look-up of memberships.
  if (user.isStaff || row.view.user === user.userId) return row;
  if (!isVisibleTo(row, await customerScope(pool, user))) throw forbidden('This project is not yours.');
  return row;
}

export async function anyProjectRow(pool: Pool, projectId: string): Promise<ProjectRow> {
  const row = await findProject(pool, projectId);
  if (!row) throw notFound('This project');
  return row;
}
