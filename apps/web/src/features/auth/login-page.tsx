import { Link, Navigate, useNavigate, useSearchParams } from '../../router/index.ts';
import { useAuthState } from '../../app/session/session-store.ts';
import { safeRedirect } from '../../app/safe-redirect.ts';
import { LoginForm } from './login-form.tsx';
import { authWords } from './words.ts';

/** /login: for logged-out visitors; a logged-in one goes straight to the redirect target. */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { loggedIn } = useAuthState();
  const target = safeRedirect(params.get('redirect'));
  if (loggedIn) return <Navigate to={target} replace />;
  return (
    <section className="panel" aria-labelledby="login-heading">
      <h1 id="login-heading">{authWords('loginHeading')}</h1>
      <LoginForm onLoggedIn={() => navigate(target, { replace: true })} />
      <p>
        <Link to="/">{authWords('noAccount')}</Link>
      </p>
    </section>
  );
}
