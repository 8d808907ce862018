/**
 * Stream names: one stream per project, account and organization. The read side learns the
 * kind of a stream from its events, and clients pass `<streamId>@<revision>` back in
 * X-Min-Revision for read-your-writes.
 */
export const projectStream = (projectId: string) => `project-${projectId}`;
export const accountStream = (userId: string) => `account-${userId}`;
export const organizationStream = (organizationId: string) => `organization-${organizationId}`;
