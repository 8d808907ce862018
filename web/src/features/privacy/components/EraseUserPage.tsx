import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/Alert';
import { FormField } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api-client';
import { eraseUser, fetchPurgeStatus, findUserByEmail, purgeStatusKey, type CheckedUser } from '../api/privacy';

/** /internal/privacy/: staff find a user by e-mail and erase their personal data (docs/decisions/0161). */
export function EraseUserPage() {
  const [email, setEmail] = useState('');
  const [user, setUser] = useState<CheckedUser | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  // Erased data reads as erased at once; it leaves the database files at the next purge.
  const purge = useQuery({ queryKey: purgeStatusKey, queryFn: fetchPurgeStatus });

  async function find(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setDone(null);
    setUser(null);
    setConfirming(false);
    try {
      setUser(await findUserByEmail(email.trim()));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  async function erase(target: CheckedUser) {
    setBusy(true);
    setError(null);
    try {
      const answer = await eraseUser(target.user_id);
      setDone(answer.message);
      setUser(null);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: purgeStatusKey });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="form-page">
      <h1>Erase a user&apos;s personal data</h1>
      {purge.data && <p>{purge.data.message}</p>}
      <form onSubmit={(event) => void find(event)} noValidate aria-label="Find user">
        <FormField label="E-mail" name="email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
        <button type="submit">Find user</button>
      </form>
      {error && <Alert>{error}</Alert>}
      {done && <Alert kind="success">{done}</Alert>}
      {user && (
        <div role="group" aria-label="User found">
          <p>
            {user.name} ({user.email}), user id {user.user_id}
          </p>
          {!confirming ? (
            <button type="button" onClick={() => setConfirming(true)}>
              Erase personal data
            </button>
          ) : (
            <>
              <p>Their name, e-mail, phone and addresses are erased for good; amounts, dates, states and the audit trail stay.</p>
              <button type="button" onClick={() => void erase(user)} disabled={busy}>
                Yes, erase for good
              </button>
              <button type="button" onClick={() => setConfirming(false)} disabled={busy}>
                Cancel
              </button>
            </>
          )}
        </div>
      )}
    </section>
  );
}
