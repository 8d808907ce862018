import type { CommandContext } from '../account/actor.js';

/** Notification commands; all are staff work (SPEC §7 internal notifications). */
type Command<T extends string, Data = object> = { type: T } & Data & CommandContext;

export type NotificationCommand =
  | Command<'PublishNotification', { notificationId: string; message: string; active: boolean }>
  | Command<'ChangeNotification', { notificationId: string; message?: string | undefined; active?: boolean | undefined }>
  | Command<'RemoveNotification', { notificationId: string }>;
