import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError } from '../../lib/api/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary, type FieldError } from '../../ui/error-summary.tsx';
import { PasswordField, TextField } from '../../ui/form-fields.tsx';
import { authWords } from './words.ts';

export interface CredentialsLogin {
  mutate: (
    credentials: { username: string; password: string },
    options: { onSuccess: () => void; onError: (error: Error) => void },
  ) => void;
  isPending: boolean;
}

/**
 * A username and password form, as the customer login and the staff login share it: checked on
 * submit only; a refusal (wrong password, locked, too many attempts) shows the server message or
 * 'User signed out' (platform spec §8) in the error summary, which takes focus, and under the
 * username. Once: a toast saying it too made a screen reader announce it twice (issue 34 item 4).
 */
export function CredentialsForm({
  idPrefix,
  usernameLabel,
  missingUsername,
  login,
  onLoggedIn,
  extraActions,
}: {
  idPrefix: string;
  usernameLabel: string;
  missingUsername: string;
  login: CredentialsLogin;
  onLoggedIn: () => void;
  extraActions?: ReactNode;
}) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const ids = { username: `${idPrefix}-username`, password: `${idPrefix}-password` };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldError[] = [];
    if (!username.trim()) found.push({ fieldId: ids.username, message: missingUsername });
    if (!password) found.push({ fieldId: ids.password, message: authWords('enterPassword') });
    setErrors(found);
    if (found.length > 0) return;
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: onLoggedIn,
        onError: (error) => {
          const message = error instanceof ApiError ? error.message : authWords('signedOut');
          setErrors([{ fieldId: ids.username, message }]);
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
          label={usernameLabel}
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
          label={authWords('password')}
          name="password"
          autoComplete="current-password"
          value={password}
          error={errorFor(ids.password)}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="form__actions">
          <Button type="submit" variant="primary" size="lg" disabled={login.isPending}>
            {login.isPending ? authWords('loggingIn') : authWords('logIn')}
          </Button>
          {extraActions}
        </div>
      </form>
    </>
  );
}
