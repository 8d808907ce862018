import { formatPrice } from '@shop/domain';
import type { MailKind } from './mail-requests.js';

export interface MailContext {
  publicUrl: string;
  /** The one-time link token, for activation, reset and profile completion. */
  token?: string;
  message?: string;
  project?: { id: string; name: string; amountDue: number | null };
  /** Profile completion: the guest's project joins an existing account, or a registration under way. */
  joins?: 'account' | 'registration';
}

export interface RenderedMail {
  subject: string;
  text: string;
}

const signature = '\n\nSoft Furnishings Shop';
const withMessage = (intro: string, message: string | undefined) => (message?.trim() ? `${intro}\n\n${message.trim()}` : intro);

/** Subject and plain text of each e-mail; links point at the web app's routes (SPEC §2). */
export function renderMail(kind: MailKind, context: MailContext): RenderedMail {
  const url = (path: string) => new URL(path, context.publicUrl).toString();
  const name = context.project?.name || 'your project';
  switch (kind) {
    case 'activation':
      return { subject: 'Activate your account', text: `Welcome! Activate your account by opening this link:\n\n${url(`/activation/${context.token}`)}\n\nThe link works once and expires in 7 days.${signature}` };
    case 'password_reset':
      return { subject: 'Reset your password', text: `Choose a new password here:\n\n${url(`/password-reset?token=${context.token}`)}\n\nThe link works once and expires in an hour. If you did not ask for it, ignore this e-mail.${signature}` };
    case 'profile_completion':
      return profileCompletionMail(url(`/profile-completion/${context.token}`), context.joins);
    case 'invoice':
      return { subject: `Invoice for ${name}`, text: withMessage(`Your invoice for "${name}" is ready: ${formatPrice(context.project?.amountDue ?? null)} due.\n\nPay here: ${url(`/invoice/${context.project?.id ?? ''}`)}`, context.message) + signature };
    case 'pause':
      return { subject: `${name} is paused`, text: withMessage(`We have paused production of "${name}".`, context.message) + signature };
    case 'unpause':
      return { subject: `${name} is back in production`, text: withMessage(`Production of "${name}" has resumed.`, context.message) + signature };
    case 'reminder':
      return { subject: `A reminder about ${name}`, text: withMessage(`A reminder about "${name}": ${url(`/projects/editor/${context.project?.id ?? ''}`)}`, context.message) + signature };
    case 'transfer':
      return { subject: `${name} is now yours`, text: withMessage(`The project "${name}" was transferred to your account: ${url(`/projects/editor/${context.project?.id ?? ''}`)}`, context.message) + signature };
  }
}

/** What the completion link will do, in the words of decision 0195. */
function profileCompletionMail(link: string, joins: MailContext['joins']): RenderedMail {
  const lasts = 'The link works once and expires in 30 days.';
  if (joins === 'account')
    return {
      subject: 'Add your project to your account',
      text: `Your project is saved. This e-mail address already has an account with us: open this link to add the project to it, or log in from the browser where you saved it:\n\n${link}\n\n${lasts}${signature}`,
    };
  if (joins === 'registration')
    return {
      subject: 'Complete your registration',
      text: `Your project is saved. A registration for this e-mail address is already under way (from another browser, perhaps): whichever link you open first makes the account, and this project joins it when you open this one too:\n\n${link}\n\n${lasts}${signature}`,
    };
  return { subject: 'Complete your registration', text: `Your project is saved. Complete your registration to keep working on it:\n\n${link}\n\n${lasts}${signature}` };
}
