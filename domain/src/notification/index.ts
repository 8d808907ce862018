export * from './events.js';
export * from './commands.js';
export type { Notification, NotificationsState } from './decider.js';
// Unique names, since every context has a decide/evolve/initialState.
export { notificationDecider } from './decider.js';
