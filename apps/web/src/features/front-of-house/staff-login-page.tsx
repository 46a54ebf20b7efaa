import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary, type FieldError } from '../../ui/error-summary.tsx';
import { PasswordField, TextField } from '../../ui/form-fields.tsx';
import { safeRedirect } from '../../app/safe-redirect.ts';
import { showToast } from '../../app/toasts/toast-store.ts';
import { useStaffLogin } from './staff-api.ts';

const ids = { username: 'staff-username', password: 'staff-password' };

/**
 * The staff login (issue 19 item 2). Errors show as the customer login shows them: in the form,
 * summarised above it, and as a toast; the server's own words for a wrong password, a locked
 * account or too many attempts.
 */
export function StaffLoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const login = useStaffLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldError[] = [];
    if (!username.trim()) found.push({ fieldId: ids.username, message: 'Enter your staff username.' });
    if (!password) found.push({ fieldId: ids.password, message: 'Enter your password.' });
    setErrors(found);
    if (found.length > 0) return;
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: onLoggedIn,
        onError: (error) => {
          const message =
            error instanceof ApiError ? error.message : 'We could not log you in. Please try again.';
          setErrors([{ fieldId: ids.username, message }]);
          showToast({ content: message, type: 'danger' });
        },
      },
    );
  };
  const errorFor = (fieldId: string) => errors.find((error) => error.fieldId === fieldId)?.message;

  return (
    <>
      <ErrorSummary errors={errors} />
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          id={ids.username}
          label="Staff username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          error={errorFor(ids.username)}
          onChange={(event) => setUsername(event.target.value)}
        />
        <PasswordField
          id={ids.password}
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={errorFor(ids.password)}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="form__actions">
          <Button type="submit" variant="primary" size="lg" disabled={login.isPending}>
            {login.isPending ? 'Logging in…' : 'Log in'}
          </Button>
        </div>
      </form>
    </>
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
