import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Alert } from '../../../components/Alert';
import { SignupForm } from './SignupForm';

/** /signup and /referral_signup: stand-alone pages without the common layout (SPEC §2). */
function SignupScreen({ heading, intro }: { heading: string; intro: string }) {
  const [createdFor, setCreatedFor] = useState<string | null>(null);
  return (
    <main className="standalone">
      <p className="brand-line">
        <Link to={paths.landing}>Soft Furnishings Shop</Link>
      </p>
      <section className="form-page">
        <h1>{heading}</h1>
        {createdFor ? (
          <Alert kind="success">
            Your account has been created. We sent an activation link to {createdFor}; open it to finish signing up.
          </Alert>
        ) : (
          <>
            <p>{intro}</p>
            <SignupForm onCreated={setCreatedFor} />
          </>
        )}
        <p>
          Already have an account? <Link to={paths.login}>Log in</Link>
        </p>
      </section>
    </main>
  );
}

export function SignupPage() {
  return <SignupScreen heading="Sign up" intro="Create an account to save projects, get quotes and follow your orders." />;
}

export function ReferralSignupPage() {
  return (
    <SignupScreen
      heading="You have been referred"
      intro="A friend invited you to design made-to-order soft furnishings. Create your account to get started."
    />
  );
}
