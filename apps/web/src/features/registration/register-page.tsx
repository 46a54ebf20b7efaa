import { Link, Navigate, useNavigate } from '../../router/index.ts';
import { useAuthState } from '../../app/session/session-store.ts';
import { RegistrationForm } from './registration-form.tsx';
import { wordsWithParts } from '../../i18n/words-with-parts.tsx';
import { registrationWords } from './words.ts';

/** /register: "Create an account" from the operator's data fields. */
export function RegisterPage() {
  const navigate = useNavigate();
  const { loggedIn } = useAuthState();
  if (loggedIn) return <Navigate to="/" replace />;
  return (
    <section className="panel panel--wide" aria-labelledby="register-heading">
      <h1 id="register-heading" tabIndex={-1}>
        {registrationWords('createAccount')}
      </h1>
      <p>
        {wordsWithParts(registrationWords, 'haveAccount', {
          logInLink: <Link to="/login">{registrationWords('logIn')}</Link>,
        })}
      </p>
      <RegistrationForm
        source="my-account"
        submitLabel={registrationWords('createAccount')}
        headingId="register-heading"
        onRegistered={() => navigate('/', { replace: true })}
      />
    </section>
  );
}
