/**
 * Cache keys (TanStack Query) read in one feature and written in another, so a write can
 * invalidate the reads it changes without the features importing each other. Keys used by one
 * feature only stay in that feature.
 */
export const queryKeys = {
  /** Everything the customer reads about projects: the list, each project and its timeline. */
  projects: ['projects'] as const,
  /** The customer's project list, every filter and page of it. */
  projectList: ['projects', 'list'] as const,
  /** One project as the customer reads it; its timeline and checkout sit under it. */
  project: (id: string) => ['projects', 'project', id] as const,
  /** Banner notifications: the banner's active ones and the staff manager's full list. */
  notifications: ['notifications'] as const,
  /** Everything staff read about one project (detail, customer, audit log). */
  internalProject: (id: string) => ['internal-project', id] as const,
  /** The staff project list, every filter and page of it. */
  internalProjectList: ['internal-projects', 'list'] as const,
  /** Organizations: the staff list, each one and its shipped projects. */
  organizations: ['organizations'] as const,
  /** The staff health view (projection lag, parked streams). */
  projectionHealth: ['projection-health'] as const,
};
