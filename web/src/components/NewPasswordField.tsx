import { FormField } from './FormField';

/** The password rule as people read it; the check is lib/validation's isValidPassword. */
const PASSWORD_HINT = 'At least 8 characters, with a digit, a lowercase and an uppercase letter.';

/** A new password with its rule as a hint: the same field on sign-up, profile completion and password reset. */
export function NewPasswordField({ label = 'Password', value, onChange, error }: { label?: string; value: string; onChange: (value: string) => void; error?: string | undefined }) {
  return <FormField label={label} name="password" type="password" autoComplete="new-password" value={value} onChange={(e) => onChange(e.target.value)} hint={PASSWORD_HINT} error={error} required />;
}
