import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/Alert';
import { FormField } from '../../../components/FormField';
import { NameField } from '../../../components/AccountFields';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { updateProfile } from '../api/users';
import { isLoggedIn, type UserProfile } from '../../../lib/user-profile';
import { fetchCurrentUser } from '../../../lib/session/session-api';
import { selectUser, useSessionStore } from '../../../lib/session/session-store';

const fieldNames = ['name', 'phone'] as const;

/**
 * /account: shows the profile and updates name and phone with PUT /api/users/ { name, phone, revision }.
 * The profile is read afresh on opening (the session's copy is from the login and has no revision),
 * so a save names the revision of what the form started from.
 */
export function AccountPage() {
  const current = useQuery({ queryKey: ['account', 'profile'], queryFn: fetchCurrentUser, staleTime: 0, gcTime: 0 });
  if (current.isPending) return <p role="status">Loading profile…</p>;
  return <ProfileForm shown={current.data ?? null} />;
}

function ProfileForm({ shown }: { shown: UserProfile | null }) {
  const sessionUser = useSessionStore(selectUser);
  const user = shown && isLoggedIn(shown) ? shown : sessionUser;
  const setUser = useSessionStore((s) => s.setUser);
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState(user.phone);
  // The base of the next save: what was read, then what each save answered.
  const [revision, setRevision] = useState(user.revision ?? -1);
  const { errors, submitting, submit } = useFormSubmit(fieldNames);
  const [saved, setSaved] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    await submit(name.trim() ? {} : { name: 'Please enter your name.' }, async () => {
      const updated = await updateProfile({ name: name.trim(), phone: phone.trim(), revision });
      if (updated.revision !== undefined) setRevision(updated.revision);
      // The answer is the updated profile; if it is not a whole profile, keep ours with the new values.
      setUser(isLoggedIn(updated) ? updated : { ...user, name: name.trim(), phone: phone.trim() });
      setSaved(true);
    });
  }

  return (
    <section className="form-page">
      <h1>Account</h1>
      <dl className="profile">
        <dt>E-mail</dt>
        <dd>{user.email}</dd>
        {user.is_designer && (
          <>
            <dt>Account type</dt>
            <dd>Designer</dd>
          </>
        )}
      </dl>
      <form onSubmit={onSubmit} noValidate aria-label="Profile">
        {errors.form && <Alert>{errors.form}</Alert>}
        {saved && <Alert kind="success">Your profile has been saved.</Alert>}
        <NameField value={name} onChange={setName} error={errors.fields.name} />
        <FormField label="Phone" name="phone" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} error={errors.fields.phone} />
        <button type="submit" disabled={submitting}>
          Save profile
        </button>
      </form>
    </section>
  );
}
