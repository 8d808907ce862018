/**
 * Account input rules of SPEC §5, checked in the browser before a call; the server checks again.
 * TODO(domain): take these from domain/src/account once it exports them, so both sides share one rule.
 */

export const PASSWORD_RULE_MESSAGE =
  'Password must be at least 8 characters and contain a digit, a lowercase letter and an uppercase letter.';
export const EMAIL_MESSAGE = 'Please enter a valid e-mail address.';
export const PASSWORDS_DIFFER_MESSAGE = 'The passwords do not match.';

export function isValidPassword(password: string): boolean {
  return password.length >= 8 && /\d/.test(password) && /[a-z]/.test(password) && /[A-Z]/.test(password);
}

/** The simple address pattern check of SPEC §5. */
export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
}
