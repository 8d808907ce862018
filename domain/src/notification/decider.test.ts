import { describe, it } from 'vitest';
import type { Actor } from '../account/actor.js';
import { spec } from '../shared/test-support/given-when-then.js';
import type { NotificationCommand } from './commands.js';
import { notificationDecider } from './decider.js';
import type { NotificationEvent } from './events.js';

const notifications = spec(notificationDecider);
const at = '2024-03-01T10:00:00.000Z';
const staff: Actor = { userId: 's-1', isStaff: true };
const customer: Actor = { userId: 'u-1', isStaff: false };
const stamp = { at, by: 's-1' };
const command = <C extends NotificationCommand['type']>(type: C, extra: object, actor: Actor = staff) =>
  ({ type, at, actor, ...extra }) as Extract<NotificationCommand, { type: C }>;
const published: NotificationEvent = { type: 'NotificationPublished', data: { notificationId: 'n-1', message: 'Closed on Monday', active: true, ...stamp } };

describe('notification decider', () => {
  it('publishes a notification with its message trimmed', () => {
    notifications
      .given([])
      .when(command('PublishNotification', { notificationId: 'n-1', message: '  Closed on Monday ', active: true }))
      .then([published]);
  });

  it('refuses a blank message', () => {
    notifications.given([]).when(command('PublishNotification', { notificationId: 'n-1', message: '   ', active: true })).thenThrows('VALIDATION_FAILED');
  });

  it('refuses a second notification with the same id', () => {
    notifications.given([published]).when(command('PublishNotification', { notificationId: 'n-1', message: 'Again', active: true })).thenThrows('NOTIFICATION_EXISTS');
  });

  it('lets only staff manage notifications', () => {
    notifications.given([]).when(command('PublishNotification', { notificationId: 'n-1', message: 'Hi', active: true }, customer)).thenThrows('STAFF_ONLY');
  });

  it('records only what changed', () => {
    notifications
      .given([published])
      .when(command('ChangeNotification', { notificationId: 'n-1', message: 'Closed on Monday', active: false }))
      .then([{ type: 'NotificationChanged', data: { notificationId: 'n-1', active: false, ...stamp } }]);
  });

  it('records nothing when nothing changed', () => {
    notifications.given([published]).when(command('ChangeNotification', { notificationId: 'n-1', message: 'Closed on Monday' })).then([]);
  });

  it('changes the message after an earlier change', () => {
    const changed: NotificationEvent = { type: 'NotificationChanged', data: { notificationId: 'n-1', message: 'Open late', ...stamp } };
    notifications
      .given([published, changed])
      .when(command('ChangeNotification', { notificationId: 'n-1', message: 'Closed on Monday' }))
      .then([{ type: 'NotificationChanged', data: { notificationId: 'n-1', message: 'Closed on Monday', ...stamp } }]);
  });

  it('removes a notification, after which it is unknown', () => {
    const removed: NotificationEvent = { type: 'NotificationRemoved', data: { notificationId: 'n-1', ...stamp } };
    notifications.given([published]).when(command('RemoveNotification', { notificationId: 'n-1' })).then([removed]);
    notifications.given([published, removed]).when(command('RemoveNotification', { notificationId: 'n-1' })).thenThrows('NOTIFICATION_NOT_FOUND');
    notifications.given([published, removed]).when(command('ChangeNotification', { notificationId: 'n-1', active: true })).thenThrows('NOTIFICATION_NOT_FOUND');
  });
});
