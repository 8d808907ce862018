import { isValidEmail, validationMessages } from '@shop/domain';
import { z } from 'zod';

/** Field schemas with the SPEC §5 messages, shared by the account routes. */
export const EmailField = z
  .string({ error: validationMessages.email })
  .trim()
  .max(254, validationMessages.email)
  .refine(isValidEmail, validationMessages.email);
export const PasswordField = z.string({ error: validationMessages.password }).max(200, 'Please choose a shorter password.');
export const TokenField = z.string({ error: 'This link is invalid or has expired.' }).min(1, 'This link is invalid or has expired.').max(200, 'This link is invalid or has expired.');
export const NameField = z.string({ error: 'Please enter your name.' }).max(200);
export const PhoneField = z.string().max(60);
