import { validationMessages } from './messages.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RULE_MESSAGE = validationMessages.password;

/** SPEC §5: at least 8 characters with a digit, a lowercase and an uppercase letter. */
export function isValidPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\d/.test(password) && /[a-z]/.test(password) && /[A-Z]/.test(password);
}

/** The message to show for a password, or null when it passes. */
export function passwordProblem(password: string): string | null {
  return isValidPassword(password) ? null : PASSWORD_RULE_MESSAGE;
}

/** A simple address pattern (SPEC §5): something, one @, a domain with a dot, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export function emailProblem(email: string): string | null {
  return isValidEmail(email) ? null : validationMessages.email;
}
