import { useNavigate, useSearchParams } from '../../router/index.ts';
import { CredentialsForm } from '../auth/index.ts';
import { safeRedirect } from '../../app/safe-redirect.ts';
import { useStaffLogin } from './staff-api.ts';

/**
 * The staff login (issue 19 item 2): the customer login's form and messages (in the form and
 * summarised above it, announced once), with the server's own words for a wrong password, a
 * locked account or too many attempts.
 */
export function StaffLoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  return (
    <CredentialsForm
      idPrefix="staff"
      usernameLabel="Staff username"
      missingUsername="Enter your staff username."
      login={useStaffLogin()}
      onLoggedIn={onLoggedIn}
    />
  );
}

export function StaffLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <section className="panel" aria-labelledby="staff-login-heading">
      <h1 id="staff-login-heading">Staff log in</h1>
      <p>Log in with your own staff username. Customers log in on the customer sites.</p>
      <StaffLoginForm
        onLoggedIn={() => void navigate(safeRedirect(params.get('redirect')), { replace: true })}
      />
    </section>
  );
}
