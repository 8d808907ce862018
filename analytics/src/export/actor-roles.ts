import type { StoredEvent } from '@shop/infra/log-reading';

export type ActorRole = 'staff' | 'customer' | 'guest' | 'system' | 'unknown';

/**
 * Who each user was when they acted, from the account streams read so far: staff while their
 * staff flag is set, a guest until they complete their profile, a customer otherwise. The shop's
 * own actor is `system`; an actor with no account in the log is `unknown`.
 */
export class ActorRoles {
  private readonly userOfStream = new Map<string, string>();
  private readonly roles = new Map<string, ActorRole>();

  observe(event: StoredEvent): void {
    const data = event.data as { userId?: string; isStaff?: boolean };
    switch (event.type) {
      case 'Registered':
        this.userOfStream.set(event.streamId, data.userId!);
        this.roles.set(data.userId!, 'customer');
        return;
      case 'GuestCreated':
        this.userOfStream.set(event.streamId, data.userId!);
        this.roles.set(data.userId!, 'guest');
        return;
      case 'GuestProfileCompleted':
        return this.set(event.streamId, (role) => (role === 'guest' ? 'customer' : role));
      case 'StaffFlagSet':
        return this.set(event.streamId, () => (data.isStaff ? 'staff' : 'customer'));
      default:
    }
  }

  roleOf(actor: string): ActorRole {
    if (actor === 'system') return 'system';
    return this.roles.get(actor) ?? 'unknown';
  }

  private set(streamId: string, change: (role: ActorRole) => ActorRole): void {
    const user = this.userOfStream.get(streamId);
    if (user) this.roles.set(user, change(this.roles.get(user) ?? 'customer'));
  }
}
