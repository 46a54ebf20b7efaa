import { type UseMutationResult, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { CheckboxField } from '../../ui/form-fields.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import {
  answerFor,
  type Answers,
  DataFieldInputs,
  dataFieldsQuery,
  validateAnswers,
} from '../data-fields/index.ts';
import { useRegister } from './register.ts';
import type { RegisterBody } from '@lido/contracts/customer';
import { registrationWords } from './words.ts';

/**
 * A customer created by staff at the desk (issue 19): only the fields named (the spec's data
 * fields, never a password) are asked for and sent, through the staff call given.
 */
export interface DeskRegistration {
  fieldNames: readonly string[];
  create: Pick<UseMutationResult<unknown, Error, Record<string, unknown>>, 'mutate' | 'isPending'>;
  /** the answers the form opens with: a customer's details being changed (decision 0085) */
  initialAnswers?: Answers;
  /** the button's words while sending */
  pendingLabel?: string;
}

interface RegistrationFormProps {
  /** Where the account was created from, as the register call records it. */
  source: 'my-account' | 'online-joining';
  submitLabel: string;
  /** The id of the heading an error about the whole form links to. */
  headingId: string;
  /** The joining page asks for agreement to the terms in a checkbox. */
  termsCheckbox?: ReactNode;
  onRegistered: () => void;
  /** Told whether messages stand on the form, e.g. for a warning beside a section title. */
  onProblemsChange?: (has: boolean) => void;
  desk?: DeskRegistration;
}

/**
 * The operator's data fields as an account-creation form; a 201 logs the new customer in. At the
 * desk (`desk`) the same fields and checks create a customer through the staff call instead.
 */
export function RegistrationForm({
  source,
  submitLabel,
  headingId,
  termsCheckbox,
  onRegistered,
  onProblemsChange,
  desk,
}: RegistrationFormProps) {
  const fields = useQuery(dataFieldsQuery('customer_account_online'));
  const settings = useClientSettings();
  const register = useRegister();
  const submission = desk?.create ?? register;
  const [answers, setAnswers] = useState<Answers>(desk?.initialAnswers ?? {});
  const [termsAgreed, setTermsAgreed] = useState(false);
  const [errors, setErrorState] = useState<Record<string, string>>({});
  const setErrors = (next: Record<string, string>) => {
    setErrorState(next);
    onProblemsChange?.(Object.keys(next).length > 0);
  };

  if (fields.isPending)
    return (
      // The form is long: holding its space keeps what follows from jumping when it arrives (CLS).
      <div className="form-loading">
        <Spinner label={registrationWords('loadingForm')} />
      </div>
    );
  if (fields.isError)
    return (
      <p className="error-line">
        {genericErrorLine(fields.error instanceof ApiError ? fields.error.status : null)}
      </p>
    );

  const sections = fields.data.sections
    .map((section) => ({
      ...section,
      sectionFields: desk
        ? section.sectionFields.filter((field) => desk.fieldNames.includes(field.name))
        : section.sectionFields,
    }))
    .filter((section) => section.sectionFields.length > 0);
  const all = sections.flatMap((section) => section.sectionFields);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateAnswers(all, answers);
    if (termsCheckbox && !termsAgreed) found.terms = registrationWords('termsNotAgreed');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: Record<string, unknown> = Object.fromEntries(
      all.map((field) => [field.name, answerFor(field, answers)]).filter(([, value]) => value !== ''),
    );
    if (!desk) {
      body.password = answers.password ?? '';
      body.passwordConfirmation = answers.passwordConfirmation ?? '';
    }
    const handlers = {
      onSuccess: onRegistered,
      onError: (error: Error) => {
        const messages = error instanceof ApiError ? error.validationMessages : null;
        if (!messages) {
          setErrors({
            form: error instanceof ApiError ? error.message : registrationWords('somethingWentWrong'),
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
    };
    if (desk) desk.create.mutate(body, handlers);
    else
      register.mutate(
        // The form's fields are the register body's, named by the server's data fields; it checks them.
        { ...body, clientId: settings.id, source, checksum: fields.data.checksum } as RegisterBody,
        handlers,
      );
  };

  const summary = Object.entries(errors).map(([name, message]) => ({
    fieldId: name === 'form' ? headingId : name === 'terms' ? 'registration-terms' : `field-${name}`,
    message,
  }));
  return (
    <>
      <ErrorSummary errors={summary} />
      <form className="form" noValidate onSubmit={submit}>
        {sections.map((section) => (
          <fieldset key={section.sectionReference} className="form-section">
            <legend className="form-section__title">{section.sectionName}</legend>
            <DataFieldInputs
              fields={section.sectionFields}
              answers={answers}
              errors={errors}
              setAnswers={setAnswers}
            />
          </fieldset>
        ))}
        {termsCheckbox && (
          <CheckboxField
            id="registration-terms"
            label={termsCheckbox}
            checked={termsAgreed}
            error={errors.terms}
            onChange={(event) => setTermsAgreed(event.target.checked)}
          />
        )}
        <div className="form__actions">
          <Button type="submit" variant="primary" size="lg" disabled={submission.isPending}>
            {submission.isPending
              ? desk
                ? (desk.pendingLabel ?? registrationWords('creatingTheAccount'))
                : registrationWords('creatingYourAccount')
              : submitLabel}
          </Button>
        </div>
      </form>
    </>
  );
}
