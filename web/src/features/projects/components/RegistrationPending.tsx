import { Link } from 'react-router-dom';
import { paths, to } from '../../../lib/paths';
import { readPendingRegistration } from '../../../lib/session/guest-registration';

/**
 * What a guest who sent their registration link sees at the guest editor (issue 39): their saved
 * project and where the link went, instead of an empty editor whose save a guest session cannot
 * make (a guest holds one project; a second one is saved as a new guest, docs/decisions/0195).
 */
export function RegistrationPending() {
  const pending = readPendingRegistration();
  return (
    <section className="registration-pending" aria-labelledby="registration-pending-heading">
      <h1 id="registration-pending-heading">Your project is waiting for your registration</h1>
      <p role="status">
        {pending?.message ? (
          pending.message
        ) : pending ? (
          <>
            We sent a registration link to <strong>{pending.email}</strong>. Open it to finish your registration; your project then joins your account.
          </>
        ) : (
          <>Open the registration link we e-mailed you to finish your registration; your project then joins your account.</>
        )}
      </p>
      {pending && (
        <p>
          Your saved project: <Link to={to.projectEdit(pending.projectId)}>{pending.projectName || 'Untitled project'}</Link>. You can keep working on it meanwhile.
        </p>
      )}
      <p>
        Already have an account with that address? <Link to={paths.login}>Log in</Link> and the project joins it.
      </p>
    </section>
  );
}
