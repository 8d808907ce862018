import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/Alert';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { emptyProfile } from '../../../lib/user-profile';
import { useSessionStore } from '../../../lib/session/session-store';
import { eraseMyData, exportDownloadUrl } from '../api/privacy';

/**
 * On /account: download everything the shop holds about me (GDPR art. 15), and erase my personal
 * data at once after a confirmation (art. 17, docs/decisions/0161).
 */
export function PrivacySection() {
  const navigate = useNavigate();
  const setUser = useSessionStore((s) => s.setUser);
  const [confirming, setConfirming] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [erasing, setErasing] = useState(false);

  async function erase() {
    setErasing(true);
    setError(null);
    try {
      await eraseMyData();
      // The server already ended the session (a logout call now would be refused): clear ours, then leave.
      setUser(emptyProfile);
      void navigate(paths.landing, { state: { message: 'Your personal data is erased.' } });
    } catch (failure) {
      setError(errorMessage(failure));
      setErasing(false);
    }
  }

  return (
    <section className="form-page" aria-labelledby="privacy-heading">
      <h2 id="privacy-heading">Your data</h2>
      <p>
        <a href={exportDownloadUrl} download>
          Download my data
        </a>{' '}
        (a JSON file of your profile, projects and their history).
      </p>
      {error && <Alert>{error}</Alert>}
      {!confirming ? (
        <button type="button" onClick={() => setConfirming(true)}>
          Erase my data
        </button>
      ) : (
        <div role="group" aria-label="Confirm erasure">
          <p>
            Your name, e-mail address, phone number and shipping addresses will be erased for good and you will be logged out. Amounts and dates of your
            orders are kept for our tax records. This cannot be undone.
          </p>
          <label>
            <input type="checkbox" checked={understood} onChange={(event) => setUnderstood(event.target.checked)} /> I understand that this cannot be undone
          </label>
          <button type="button" onClick={() => void erase()} disabled={!understood || erasing}>
            Erase my data for good
          </button>
          <button type="button" onClick={() => setConfirming(false)} disabled={erasing}>
            Cancel
          </button>
        </div>
      )}
    </section>
  );
}
