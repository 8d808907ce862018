import type { ShownCost } from '@shop/domain';

/** Every kind of e-mail the shop sends; each starts as an event on a project or account stream. */
export type MailKind = 'activation' | 'password_reset' | 'profile_completion' | 'invoice' | 'pause' | 'unpause' | 'reminder' | 'transfer';

export const mailKinds: readonly MailKind[] = ['activation', 'password_reset', 'profile_completion', 'invoice', 'pause', 'unpause', 'reminder', 'transfer'];

/** Who the mail comes from: the shop's name, postal address and the address replies go to (config). */
export interface ShopIdentity {
  name: string;
  address: string;
  replyTo: string;
}

/** One row of the quote as a mail shows it (cents; null where not priced yet). */
export interface MailLine {
  fabric: string;
  item: string;
  quantity: number;
  unitPrice: number | null;
  price: number | null;
}

/** What a project mail says about the project, read from its stream when the mail is sent. */
export interface MailProject {
  id: string;
  orderLabel: string;
  name: string;
  lines: MailLine[];
  cost: ShownCost;
  /** ISO date the project is due, when set. */
  due: string | null;
}

export interface MailContext {
  publicUrl: string;
  shop: ShopIdentity;
  /** The person the mail is for, by name; empty when we do not know it (a guest). */
  recipientName: string;
  /** The one-time link token, for activation, reset and profile completion. */
  token?: string;
  /** Staff's own words, for invoice, pause, unpause, reminder and transfer mails. */
  message?: string;
  project?: MailProject;
  /** Profile completion: the guest's project joins an existing account, or a registration under way. */
  joins?: 'account' | 'registration';
}

export interface RenderedMail {
  subject: string;
  /** The HTML part. */
  html: string;
  /** The plain-text part, made from the same template. */
  text: string;
}
