import { render } from '@react-email/render';
import { activationMail, passwordResetMail, profileCompletionMail } from './account-mails.js';
import type { MailContext, MailKind, RenderedMail } from './mail-content.js';
import { invoiceMail, pauseMail, reminderMail, transferMail, unpauseMail, type MailTemplate } from './project-mails.js';

const templates: Record<MailKind, (context: MailContext) => MailTemplate> = {
  activation: activationMail,
  password_reset: passwordResetMail,
  profile_completion: profileCompletionMail,
  invoice: invoiceMail,
  pause: pauseMail,
  unpause: unpauseMail,
  reminder: reminderMail,
  transfer: transferMail,
};

/**
 * The text part's reading of the HTML: the quote as a table of columns (layout tables stay
 * plain text), and the heading as written, not shouted in capitals.
 */
const textSelectors = [
  { selector: 'table.quote', format: 'dataTable', options: { uppercaseHeaderCells: false, maxColumnWidth: 48 } },
  { selector: 'h1', options: { uppercase: false } },
];

/** Subject, HTML part and plain-text part of a mail, both parts rendered from its one template. */
export async function renderMail(kind: MailKind, context: MailContext): Promise<RenderedMail> {
  const { subject, element } = templates[kind](context);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions: { selectors: textSelectors } })]);
  return { subject, html, text };
}
