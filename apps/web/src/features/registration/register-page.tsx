import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useClientSettings } from '../client-settings/get-client-settings.ts';
import { DataFieldInput } from '../data-fields/data-field-input.tsx';
import { dataFieldsQuery } from '../data-fields/get-data-fields.ts';
import { type Answers, answerFor, validateAnswers } from '../data-fields/validate-answers.ts';
import { useAuthState } from '../session/session-store.ts';
import { useRegister } from './register.ts';

/** /register: "Create an account" from the operator's data fields. */
export function RegisterPage() {
  const fields = useQuery(dataFieldsQuery('customer_account_online'));
  const settings = useClientSettings();
  const register = useRegister();
  const navigate = useNavigate();
  const { loggedIn } = useAuthState();
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (loggedIn && !register.isSuccess) return <Navigate to="/" replace />;
  if (fields.isPending) return <Spinner label="Loading the form" />;
  if (fields.isError)
    return (
      <p className="error-line">
        {genericErrorLine(fields.error instanceof ApiError ? fields.error.status : null)}
      </p>
    );

  const all = fields.data.sections.flatMap((section) => section.sectionFields);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateAnswers(all, answers);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: Record<string, unknown> = Object.fromEntries(
      all.map((field) => [field.name, answerFor(field, answers)]).filter(([, value]) => value !== ''),
    );
    body.password = answers.password ?? '';
    body.passwordConfirmation = answers.passwordConfirmation ?? '';
    register.mutate(
      { ...body, clientId: settings.id, source: 'my-account', checksum: fields.data.checksum },
      {
        onSuccess: () => navigate('/', { replace: true }),
        onError: (error) => {
          const messages = error instanceof ApiError ? error.validationMessages : null;
          if (!messages) {
            setErrors({
              form: error instanceof ApiError ? error.message : 'Something went wrong, please try again.',
            });
            window.scrollTo({ top: 0 });
            return;
          }
          const mapped: Record<string, string> = {};
          for (const [name, list] of Object.entries(messages)) {
            // A message about the password confirmation belongs under the repeat field (joining spec).
            const target = list.some((message) => /password confirmation/i.test(message))
              ? 'passwordConfirmation'
              : name;
            mapped[all.some((field) => field.name === target) ? target : 'form'] = list.join(' ');
          }
          setErrors(mapped);
        },
      },
    );
  };

  const summary = Object.entries(errors).map(([name, message]) => ({
    fieldId: name === 'form' ? 'register-heading' : `field-${name}`,
    message,
  }));
  return (
    <section className="panel panel--wide" aria-labelledby="register-heading">
      <h1 id="register-heading" tabIndex={-1}>
        Create an account
      </h1>
      <p>
        Already have an online account? <Link to="/login">Log in</Link>
      </p>
      <ErrorSummary errors={summary} />
      <form className="form" noValidate onSubmit={submit}>
        {fields.data.sections.map((section) => (
          <fieldset key={section.sectionReference} className="form-section">
            <legend className="form-section__title">{section.sectionName}</legend>
            {section.sectionFields.map((field) => (
              <DataFieldInput
                key={field.name}
                field={field}
                answers={answers}
                error={errors[field.name]}
                onChange={(name, value) => setAnswers((current) => ({ ...current, [name]: value }))}
              />
            ))}
          </fieldset>
        ))}
        <div className="form__actions">
          <Button type="submit" variant="primary" size="lg" disabled={register.isPending}>
            {register.isPending ? 'Creating your account…' : 'Create an account'}
          </Button>
        </div>
      </form>
    </section>
  );
}
