import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from '../../router/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary, type FieldError } from '../../ui/error-summary.tsx';
import { PasswordField } from '../../ui/form-fields.tsx';
import { passwordGuidance } from './password-guidance.ts';
import { useResetPassword } from './forgotten-password.ts';
import { authWords } from './words.ts';

/** /reset-password?token=…: the page the reset email links to. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const reset = useResetPassword();

  if (reset.isSuccess) {
    return (
      <section className="panel" aria-labelledby="reset-done-heading">
        <h1 id="reset-done-heading">{authWords('passwordChangedHeading')}</h1>
        <p>{authWords('passwordChangedText')}</p>
        <Link className="button button--primary button--lg" to="/login">
          {authWords('logIn')}
        </Link>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldError[] = [];
    if (!password) found.push({ fieldId: 'new-password', message: authWords('enterNewPassword') });
    if (password !== confirmation)
      found.push({ fieldId: 'repeat-password', message: authWords('passwordsDiffer') });
    setErrors(found);
    if (found.length > 0) return;
    reset.mutate(
      { token, password, passwordConfirmation: confirmation },
      {
        onError: (error) => {
          const messages = error instanceof ApiError ? error.validationMessages : null;
          if (!messages) {
            setErrors([
              {
                fieldId: 'new-password',
                message: error instanceof ApiError ? error.message : authWords('somethingWentWrong'),
              },
            ]);
            return;
          }
          setErrors(
            Object.entries(messages).flatMap(([field, list]) =>
              // A message about the password confirmation belongs under the repeat field (joining spec).
              list.map((message) => ({
                fieldId:
                  field === 'passwordConfirmation' || /password confirmation/i.test(message)
                    ? 'repeat-password'
                    : 'new-password',
                message,
              })),
            ),
          );
        },
      },
    );
  };
  const errorFor = (fieldId: string) =>
    errors
      .filter((error) => error.fieldId === fieldId)
      .map((error) => error.message)
      .join(' ') || undefined;

  return (
    <section className="panel" aria-labelledby="reset-heading">
      <h1 id="reset-heading">{authWords('resetHeading')}</h1>
      <ErrorSummary errors={errors} />
      <form className="form" noValidate onSubmit={submit}>
        <PasswordField
          id="new-password"
          label={authWords('newPassword')}
          autoComplete="new-password"
          hint={passwordGuidance()}
          value={password}
          error={errorFor('new-password')}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          id="repeat-password"
          label={authWords('repeatPassword')}
          autoComplete="new-password"
          value={confirmation}
          error={errorFor('repeat-password')}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        <div className="form__actions">
          <Button type="submit" variant="primary" size="lg" disabled={reset.isPending || !token}>
            {authWords('changePassword')}
          </Button>
        </div>
        {!token && <p className="error-line">{authWords('incompleteLink')}</p>}
      </form>
    </section>
  );
}
