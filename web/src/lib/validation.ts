/**
 * Account input rules of SPEC §5, checked in the browser before a call. They come from the domain,
 * so the browser and the server apply one rule with one message.
 */
import { validationMessages } from '@shop/domain';

export { isValidEmail, isValidPassword, PASSWORD_RULE_MESSAGE } from '@shop/domain';

export const EMAIL_MESSAGE = validationMessages.email;
/** Web only: the two password inputs of a form differ (the server never sees the repeat). */
export const PASSWORDS_DIFFER_MESSAGE = 'The passwords do not match.';
