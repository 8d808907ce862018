import { stampOf } from '../account/actor.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { DomainError, validationFailed } from '../shared/errors.js';
import type { NotificationCommand } from './commands.js';
import type { NotificationEvent } from './events.js';

export interface Notification {
  id: string;
  message: string;
  active: boolean;
}

/** The notifications that exist now, by id. */
export interface NotificationsState {
  notifications: Record<string, Notification>;
}

export const initialState = (): NotificationsState => ({ notifications: {} });

export function decide(command: NotificationCommand, state: NotificationsState): NotificationEvent[] {
  if (!command.actor.isStaff) throw new DomainError('forbidden', 'STAFF_ONLY', 'Only staff can manage notifications.');
  const stamp = stampOf(command);
  const { notificationId } = command;
  switch (command.type) {
    case 'PublishNotification':
      if (state.notifications[notificationId]) throw new DomainError('conflict', 'NOTIFICATION_EXISTS', 'This notification already exists.');
      return [{ type: 'NotificationPublished', data: { notificationId, message: message(command.message), active: command.active, ...stamp } }];
    case 'ChangeNotification': {
      const current = existing(state, notificationId);
      const change = {
        ...(command.message !== undefined && message(command.message) !== current.message ? { message: message(command.message) } : {}),
        ...(command.active !== undefined && command.active !== current.active ? { active: command.active } : {}),
      };
      // Nothing new: no event, like every other update in the shop.
      return Object.keys(change).length === 0 ? [] : [{ type: 'NotificationChanged', data: { notificationId, ...change, ...stamp } }];
    }
    case 'RemoveNotification':
      existing(state, notificationId);
      return [{ type: 'NotificationRemoved', data: { notificationId, ...stamp } }];
    default:
      return assertNever(command);
  }
}

function existing(state: NotificationsState, notificationId: string): Notification {
  const current = state.notifications[notificationId];
  if (!current) throw new DomainError('not_found', 'NOTIFICATION_NOT_FOUND', 'This notification does not exist.');
  return current;
}

function message(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') throw validationFailed([{ field: 'message', message: 'Please enter a message.' }]);
  return trimmed;
}

export function evolve(state: NotificationsState, event: NotificationEvent): NotificationsState {
  const { notificationId: id } = event.data;
  const notifications = { ...state.notifications };
  switch (event.type) {
    case 'NotificationPublished':
      notifications[id] = { id, message: event.data.message, active: event.data.active };
      break;
    case 'NotificationChanged': {
      const current = notifications[id];
      if (current) notifications[id] = { id, message: event.data.message ?? current.message, active: event.data.active ?? current.active };
      break;
    }
    case 'NotificationRemoved':
      delete notifications[id];
      break;
    default:
      return assertNever(event);
  }
  return { notifications };
}

export const notificationDecider: Decider<NotificationCommand, NotificationEvent, NotificationsState> = { decide, evolve, initialState };
