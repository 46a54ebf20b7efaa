import { Link, Navigate, useNavigate } from '../../router/index.ts';
import { useAuthState } from '../../app/session/session-store.ts';
import { RegistrationForm } from './registration-form.tsx';

/** /register: "Create an account" from the operator's data fields. */
export function RegisterPage() {
  const navigate = useNavigate();
  const { loggedIn } = useAuthState();
  if (loggedIn) return <Navigate to="/" replace />;
  return (
    <section className="panel panel--wide" aria-labelledby="register-heading">
      <h1 id="register-heading" tabIndex={-1}>
        Create an account
      </h1>
      <p>
        Already have an online account? <Link to="/login">Log in</Link>
      </p>
      <RegistrationForm
        source="my-account"
        submitLabel="Create an account"
        headingId="register-heading"
        onRegistered={() => navigate('/', { replace: true })}
      />
    </section>
  );
}
