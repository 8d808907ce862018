import type { LiveChange } from './change-feed.js';

/** Who holds a live stream: what the GETs it mirrors would let them read. */
export interface Viewer {
  userId: string;
  isStaff: boolean;
  /** Organizations the (non-staff) user is a member of: their projects are theirs to read too. */
  organizationIds: readonly string[];
}

const PROJECT = 'project-';
const ORGANIZATION = 'organization-';

/**
 * The same rule as the GETs (query-api/src/projects/access.ts, docs/decisions/0080): staff read
 * everything; a customer their own projects and their organizations' projects (list, detail,
 * timeline, checkout), their own account, their organizations, and the public notifications.
 */
export function mayRead(viewer: Viewer, change: LiveChange): boolean {
  if (viewer.isStaff || change.streamId === 'notifications') return true;
  if (change.streamId.startsWith(PROJECT)) {
    const project = change.project;
    return project !== null && (project.ownerId === viewer.userId || (project.organizationId !== null && viewer.organizationIds.includes(project.organizationId)));
  }
  if (change.streamId.startsWith(ORGANIZATION)) return viewer.organizationIds.includes(change.streamId.slice(ORGANIZATION.length));
  return change.streamId === `account-${viewer.userId}`;
}

/**
 * A viewer who could read the stream until this change and no longer can (a transferred project's
 * old owner, or a member of its old organization, docs/decisions/0247): told only that the project
 * changed, so the page reads again.
 */
export function lostRead(viewer: Viewer, change: LiveChange): boolean {
  const wasReader = change.formerReaders.includes(viewer.userId) || change.formerOrganizations.some((id) => viewer.organizationIds.includes(id));
  return wasReader && !mayRead(viewer, change);
}

/** The users and organizations whose streams may hear of a change, besides staff (null: everyone). */
export function addresseesOf(change: LiveChange): { users: string[]; organizations: string[] } | null {
  if (change.streamId === 'notifications') return null;
  if (change.project) {
    const users = [change.project.ownerId, ...change.formerReaders];
    return { users, organizations: [...(change.project.organizationId ? [change.project.organizationId] : []), ...change.formerOrganizations] };
  }
  if (change.formerReaders.length > 0 || change.formerOrganizations.length > 0) return { users: change.formerReaders, organizations: change.formerOrganizations };
  if (change.streamId.startsWith(ORGANIZATION)) return { users: [], organizations: [change.streamId.slice(ORGANIZATION.length)] };
  if (change.streamId.startsWith('account-')) return { users: [change.streamId.slice('account-'.length)], organizations: [] };
  return { users: [], organizations: [] };
}

/**
 * The `change` message a former reader gets: the stream and project id it already knew, no revision
 * or read models of a project it may no longer read (`readable: false`).
 */
export function lostReadMessage(change: LiveChange): Record<string, unknown> {
  const projectId = change.project?.projectId ?? (change.streamId.startsWith(PROJECT) ? change.streamId.slice(PROJECT.length) : undefined);
  return { position: change.position, stream: change.streamId, read_models: [], readable: false, ...(projectId ? { project_id: projectId } : {}) };
}

/** The `change` message's JSON (docs/api-conventions.md "Live updates"). */
export function changeMessage(change: LiveChange): Record<string, unknown> {
  return {
    position: change.position,
    stream: change.streamId,
    revision: change.revision,
    read_models: change.readModels,
    ...(change.project ? { project_id: change.project.projectId } : {}),
  };
}
