import { organizationDecider, type Actor } from '@shop/domain';
import { type EventStore, loadStream } from '@shop/infra';
import { type SessionUser } from '@shop/http-shell';
import { organizationStream } from './streams.js';

export const actorOf = (user: SessionUser, organizationIds: string[] = []): Actor => ({
  userId: user.userId,
  isStaff: user.isStaff,
  organizationIds,
});

/**
 * The organizations among `organizationId` the user belongs to, read from the organization's
 * own stream, so membership is exact at the moment of the command (docs/decisions/0040).
 */
export async function membershipsFor(eventStore: EventStore, user: SessionUser, organizationId: string | null | undefined): Promise<string[]> {
  if (!organizationId || user.isStaff) return [];
  const { state } = await loadStream(eventStore, organizationDecider, organizationStream(organizationId));
  return state.status === 'existing' && state.organization.memberIds.includes(user.userId) ? [organizationId] : [];
}
