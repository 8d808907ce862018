import { FormField } from './FormField';

/**
 * The account fields the auth pages share (sign-up, profile completion, password reset, login,
 * forgot password, activation, account): one name, e-mail and new-password block each, so their
 * labels, autocomplete and rule hints read the same everywhere.
 */
interface AccountFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

export function NameField({ value, onChange, error }: AccountFieldProps) {
  return <FormField label="Name" name="name" autoComplete="name" value={value} onChange={(e) => onChange(e.target.value)} error={error} required />;
}

export function EmailField({ value, onChange, error, required = true }: AccountFieldProps & { required?: boolean }) {
  return <FormField label="E-mail" name="email" type="email" autoComplete="email" value={value} onChange={(e) => onChange(e.target.value)} error={error} required={required} />;
}

/** The password rule as people read it; the check is lib/validation's isValidPassword. */
const PASSWORD_HINT = 'At least 8 characters, with a digit, a lowercase and an uppercase letter.';

/** A new password with its rule as a hint. */
export function NewPasswordField({ label = 'Password', value, onChange, error }: AccountFieldProps & { label?: string }) {
  return <FormField label={label} name="password" type="password" autoComplete="new-password" value={value} onChange={(e) => onChange(e.target.value)} hint={PASSWORD_HINT} error={error} required />;
}
