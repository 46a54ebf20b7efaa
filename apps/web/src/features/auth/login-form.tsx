import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary, type FieldError } from '../../ui/error-summary.tsx';
import { PasswordField, TextField } from '../../ui/form-fields.tsx';
import { useLogin } from '../../app/session/login.ts';
import { showToast } from '../../app/toasts/toast-store.ts';
import { ForgottenPasswordDialogs } from './forgotten-password-dialogs.tsx';

/**
 * The login form of the /login page and the bookings site's dialog. Checked on submit only; a
 * refusal is shown in the form and as the spec's toast ("the server message or 'User signed out'").
 */
export function LoginForm({ onLoggedIn, idPrefix = 'login' }: { onLoggedIn: () => void; idPrefix?: string }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [resetOpen, setResetOpen] = useState(false);
  const login = useLogin();
  const ids = { username: `${idPrefix}-username`, password: `${idPrefix}-password` };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldError[] = [];
    if (!username.trim())
      found.push({ fieldId: ids.username, message: 'Enter your email address or customer ID.' });
    if (!password) found.push({ fieldId: ids.password, message: 'Enter your password.' });
    setErrors(found);
    if (found.length > 0) return;
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: onLoggedIn,
        onError: (error) => {
          const message = error instanceof ApiError ? error.message : 'User signed out';
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
          label="Email address or customer ID"
          name="username"
          autoComplete="username"
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
          <Button variant="link" onClick={() => setResetOpen(true)}>
            I have forgotten my password
          </Button>
        </div>
      </form>
      <ForgottenPasswordDialogs open={resetOpen} onClose={() => setResetOpen(false)} />
    </>
  );
}
