import { partsFromDate } from '@lido/contracts/date-input';
import { type CalendarDate, isCalendarDate } from '@lido/pricing/calendar-date';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from '../../router/index.ts';
import { prettyDate } from '../../i18n/dates.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { PasswordField } from '../../ui/form-fields.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { passwordGuidance } from '../auth/index.ts';
import {
  answerFor,
  type Answers,
  DataFieldInputs,
  dataFieldsQuery,
  validateAnswers,
} from '../data-fields/index.ts';
import type { DataField } from '@lido/contracts/data-fields';
import { showToast } from '../../app/toasts/toast-store.ts';
import { useUpdateUser } from './update-user.ts';
import { useFormErrors } from '../../lib/forms/use-form-errors.ts';
import { useResetOn } from '../../lib/forms/use-reset-on.ts';
import { FamilySection } from '../family/index.ts';
import { accountWords } from './words.ts';

function initialAnswers(fields: DataField[]): Answers {
  const answers: Answers = {};
  for (const field of fields) {
    if (field.type === 'date') {
      const parts = partsFromDate(field.answer);
      answers[`${field.name}.day`] = parts.day;
      answers[`${field.name}.month`] = parts.month;
      answers[`${field.name}.year`] = parts.year;
    } else answers[field.name] = field.answer ?? '';
  }
  return answers;
}

/**
 * Details only the centre can change (the email and date of birth), shown as text rather than as
 * inputs that look editable but are not (issue 21 item 8, WCAG 1.3.1).
 */
function FixedDetails({ fields }: { fields: DataField[] }) {
  if (fields.length === 0) return null;
  return (
    <div className="fixed-details">
      <dl className="facts">
        {fields.map((field) => (
          <div key={field.name} className="facts__row">
            <dt>{field.label}</dt>
            <dd>
              {field.type === 'date' && field.answer && isCalendarDate(field.answer)
                ? prettyDate(field.answer as CalendarDate)
                : field.answer}
            </dd>
          </div>
        ))}
      </dl>
      <p className="field__hint">{accountWords('contactToChangeFixed')}</p>
    </div>
  );
}

function DetailsForm({ fields, saved }: { fields: DataField[]; saved: string }) {
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(fields));
  // Once saved (or changed elsewhere) the form shows the server's answers, keeping focus.
  useResetOn(saved, () => setAnswers(initialAnswers(fields)));
  const { errors, setErrors, fromServer } = useFormErrors();
  const update = useUpdateUser();
  const editable = fields.filter((field) => field.isAuthorised);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateAnswers(editable, answers);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(Object.fromEntries(editable.map((field) => [field.name, answerFor(field, answers)])), {
      onSuccess: () => showToast({ content: accountWords('detailsSaved'), type: 'success' }),
      onError: (error) =>
        fromServer(
          error,
          editable.map((field) => field.name),
        ),
    });
  };
  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="details-heading">
      <h2 id="details-heading">{accountWords('yourDetails')}</h2>
      <ErrorSummary
        errors={Object.entries(errors).map(([name, message]) => ({
          fieldId: name === 'form' ? 'details-heading' : `field-${name}`,
          message,
        }))}
      />
      <FixedDetails fields={fields.filter((field) => !field.isAuthorised)} />
      <DataFieldInputs fields={editable} answers={answers} errors={errors} setAnswers={setAnswers} />
      <div className="form__actions">
        <Button type="submit" variant="primary" size="lg" disabled={update.isPending}>
          {accountWords('saveChanges')}
        </Button>
      </div>
    </form>
  );
}

function PasswordForm() {
  const [values, setValues] = useState({ currentPassword: '', password: '', repeatNewPassword: '' });
  const { errors, setErrors, fromServer } = useFormErrors();
  const update = useUpdateUser();
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!values.currentPassword) found.currentPassword = accountWords('enterCurrentPassword');
    if (!values.password) found.password = accountWords('enterNewPassword');
    if (values.password !== values.repeatNewPassword)
      found.repeatNewPassword = accountWords('passwordsDiffer');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(values, {
      onSuccess: () => {
        setValues({ currentPassword: '', password: '', repeatNewPassword: '' });
        showToast({ content: accountWords('passwordChanged'), type: 'success' });
      },
      onError: (error) => fromServer(error, ['currentPassword', 'password', 'repeatNewPassword']),
    });
  };
  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="password-heading">
      <h2 id="password-heading">{accountWords('changeYourPassword')}</h2>
      <ErrorSummary
        errors={Object.entries(errors).map(([name, message]) => ({
          fieldId: name === 'form' ? 'password-heading' : `field-${name}`,
          message,
        }))}
      />
      <PasswordField
        id="field-currentPassword"
        label={accountWords('currentPassword')}
        autoComplete="current-password"
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={set('currentPassword')}
      />
      <PasswordField
        id="field-password"
        label={accountWords('newPassword')}
        hint={passwordGuidance()}
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        onChange={set('password')}
      />
      <PasswordField
        id="field-repeatNewPassword"
        label={accountWords('repeatNewPassword')}
        autoComplete="new-password"
        value={values.repeatNewPassword}
        error={errors.repeatNewPassword}
        onChange={set('repeatNewPassword')}
      />
      <div className="form__actions">
        <Button type="submit" variant="secondary" size="lg" disabled={update.isPending}>
          {accountWords('changePassword')}
        </Button>
      </div>
    </form>
  );
}

/** /user-details: the customer's details from the data fields, and a password change. */
export function MyDetailsPage() {
  const fields = useQuery(dataFieldsQuery('membership_purchase'));
  if (fields.isPending) return <Spinner label={accountWords('loadingDetails')} />;
  if (fields.isError) return <p className="error-line">{accountWords('somethingWrong')}</p>;
  const all = fields.data.sections.flatMap((section) => section.sectionFields);
  return (
    <>
      <h1>{accountWords('myDetailsTitle')}</h1>
      <div className="two-columns">
        <section className="panel">
          <DetailsForm saved={fields.data.checksum + all.map((f) => f.answer).join('|')} fields={all} />
        </section>
        <section className="panel">
          <PasswordForm />
        </section>
      </div>
      <p>
        <Link to="/user-details/bank-details">{accountWords('bankDetailsLink')}</Link>
      </p>
      <FamilySection />
    </>
  );
}
