import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/Alert';
import { EmailField, NameField, NewPasswordField } from '../../../components/AccountFields';
import type { FormErrors } from '../../../lib/form-errors';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { EMAIL_MESSAGE, PASSWORD_RULE_MESSAGE, isValidEmail, isValidPassword } from '../../../lib/validation';
import { createUser } from '../api/users';

const fieldNames = ['email', 'name', 'password'] as const;
type Field = (typeof fieldNames)[number];

/** The sign-up form shared by /signup and /referral_signup: POST /api/users/ { email, name, password }. */
export function SignupForm({ onCreated }: { onCreated: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { errors, submitting, submit } = useFormSubmit(fieldNames);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const fields: FormErrors<Field>['fields'] = {};
    if (!isValidEmail(email)) fields.email = EMAIL_MESSAGE;
    if (!name.trim()) fields.name = 'Please enter your name.';
    if (!isValidPassword(password)) fields.password = PASSWORD_RULE_MESSAGE;
    await submit(fields, async () => {
      await createUser({ email: email.trim(), name: name.trim(), password });
      onCreated(email.trim());
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign up">
      {errors.form && <Alert>{errors.form}</Alert>}
      <NameField value={name} onChange={setName} error={errors.fields.name} />
      <EmailField value={email} onChange={setEmail} error={errors.fields.email} />
      <NewPasswordField value={password} onChange={setPassword} error={errors.fields.password} />
      <button type="submit" disabled={submitting}>
        {submitting ? 'Creating account…' : 'Create account'}
      </button>
    </form>
  );
}
