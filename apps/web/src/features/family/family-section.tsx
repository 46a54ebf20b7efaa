import { dateFromParts, datePartsProblem, partsFromDate } from '@lido/contracts/date-input';
import {
  type Dependant,
  type DependantBody,
  type Relationship,
  relationshipLabels,
  relationships,
} from '@lido/contracts/family';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { showToast } from '../../app/toasts/toast-store.ts';
import { Button } from '../../ui/button.tsx';
import { DateInput } from '../../ui/date-input.tsx';
import { prettyDate } from '../../i18n/dates.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { TextField } from '../../ui/form-fields.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { familyQuery, useChangeFamily } from './family-api.ts';
import { useFormErrors } from '../../lib/forms/use-form-errors.ts';
import { familyWords } from './words.ts';

interface Draft {
  firstName: string;
  lastName: string;
  day: string;
  month: string;
  year: string;
  relationship: Relationship | '';
}

const emptyDraft: Draft = { firstName: '', lastName: '', day: '', month: '', year: '', relationship: '' };

function draftOf(dependant: Dependant): Draft {
  return { ...dependant, ...partsFromDate(dependant.dateOfBirth), relationship: dependant.relationship };
}

/** The checks a browser can make before asking the server (which checks them all again). */
function validate(draft: Draft): { errors: Record<string, string>; body?: DependantBody } {
  const errors: Record<string, string> = {};
  if (!draft.firstName.trim()) errors.firstName = familyWords('enterFirstName');
  if (!draft.lastName.trim()) errors.lastName = familyWords('enterLastName');
  const dateOfBirth = dateFromParts(draft.day, draft.month, draft.year);
  if (!dateOfBirth)
    errors.dateOfBirth = datePartsProblem('Date of birth', draft) ?? familyWords('enterDateOfBirth');
  if (!draft.relationship) errors.relationship = familyWords('chooseRelationship');
  if (Object.keys(errors).length > 0 || !dateOfBirth || !draft.relationship) return { errors };
  return {
    errors,
    body: {
      firstName: draft.firstName.trim(),
      lastName: draft.lastName.trim(),
      dateOfBirth,
      relationship: draft.relationship,
    },
  };
}

function DependantForm({
  editing,
  onDone,
}: {
  editing: Dependant | null;
  onDone: (message: string | null) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => (editing ? draftOf(editing) : emptyDraft));
  const { errors, setErrors, fromServer } = useFormErrors();
  const change = useChangeFamily();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const set = (name: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { errors: found, body } = validate(draft);
    setErrors(found);
    if (!body) return;
    change.mutate(editing ? { kind: 'edit', id: editing.id, body } : { kind: 'add', body }, {
      onSuccess: (answer) => onDone(answer.message),
      onError: (error) => fromServer(error, ['firstName', 'lastName', 'dateOfBirth', 'relationship']),
    });
  };
  const title = editing
    ? familyWords('changeDetailsOf', { name: editing.firstName })
    : familyWords('addFamilyMemberTitle');
  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="dependant-heading">
      <h3 id="dependant-heading" ref={heading} tabIndex={-1}>
        {title}
      </h3>
      <ErrorSummary
        errors={Object.entries(errors).map(([name, message]) => ({
          fieldId:
            name === 'form'
              ? 'dependant-heading'
              : name === 'dateOfBirth'
                ? 'dependant-dob'
                : name === 'relationship'
                  ? `dependant-relationship-${relationships[0]}`
                  : `dependant-${name}`,
          message,
        }))}
      />
      <TextField
        id="dependant-firstName"
        label={familyWords('firstName')}
        autoComplete="off"
        value={draft.firstName}
        error={errors.firstName}
        onChange={set('firstName')}
      />
      <TextField
        id="dependant-lastName"
        label={familyWords('lastName')}
        autoComplete="off"
        value={draft.lastName}
        error={errors.lastName}
        onChange={set('lastName')}
      />
      <DateInput
        id="dependant-dob"
        legend={familyWords('dateOfBirth')}
        error={errors.dateOfBirth}
        value={{ day: draft.day, month: draft.month, year: draft.year }}
        onChange={(parts) => setDraft((current) => ({ ...current, ...parts }))}
      />
      <fieldset
        className={`field band-choice${errors.relationship ? ' field--error' : ''}`}
        aria-describedby={errors.relationship ? 'dependant-relationship-error' : undefined}
      >
        <legend className="field__label">{familyWords('whoAreThey')}</legend>
        {errors.relationship && (
          <p className="field__error" id="dependant-relationship-error">
            <span className="visually-hidden">{familyWords('errorPrefix')}</span> {errors.relationship}
          </p>
        )}
        {relationships.map((value) => (
          <div className="band-choice__option" key={value}>
            <input
              type="radio"
              id={`dependant-relationship-${value}`}
              className="band-choice__input"
              name="relationship"
              value={value}
              checked={draft.relationship === value}
              onChange={set('relationship')}
            />
            <label htmlFor={`dependant-relationship-${value}`} className="band-choice__label">
              {relationshipLabels[value]}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="form__actions">
        <Button type="submit" variant="primary" disabled={change.isPending}>
          {editing ? familyWords('saveChanges') : familyWords('addFamilyMember')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => onDone(null)}>
          {familyWords('cancel')}
        </Button>
      </div>
    </form>
  );
}

function DependantItem({
  dependant,
  onEdit,
  onRemoved,
}: {
  dependant: Dependant;
  onEdit: () => void;
  onRemoved: (message: string) => void;
}) {
  const change = useChangeFamily();
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = `${dependant.firstName} ${dependant.lastName}`;
  const remove = () =>
    change.mutate(
      { kind: 'remove', id: dependant.id },
      {
        onSuccess: (answer) => onRemoved(answer.message),
        onError: (error) => setRefusal(error.message),
      },
    );
  return (
    <li className="family__member">
      <h3>{name}</h3>
      <dl className="facts">
        <div className="facts__row">
          <dt>{familyWords('dateOfBirth')}</dt>
          <dd>{dependant.dateOfBirth ? prettyDate(dependant.dateOfBirth) : ''}</dd>
        </div>
        <div className="facts__row">
          <dt>{familyWords('relationship')}</dt>
          <dd>{relationshipLabels[dependant.relationship]}</dd>
        </div>
      </dl>
      {!dependant.removable && (
        <p className="field__hint">{familyWords('cannotRemove', { name: dependant.firstName })}</p>
      )}
      {refusal && (
        <p className="error-line" role="alert">
          {refusal}
        </p>
      )}
      <div className="form__actions">
        <Button type="button" variant="secondary" onClick={onEdit}>
          {familyWords('changeDetails')}
          <span className="visually-hidden"> {familyWords('forName', { name })}</span>
        </Button>
        {dependant.removable && (
          <Button type="button" variant="secondary" onClick={remove} disabled={change.isPending}>
            {familyWords('remove')}
            <span className="visually-hidden"> {name}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * My details → Family (issue 18 item 4): the people the customer books and pays for. They have no
 * login of their own; the bookings site asks whom a booking is for once there are any.
 */
export function FamilySection() {
  const family = useQuery(familyQuery);
  const [editing, setEditing] = useState<Dependant | 'new' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const done = (message: string | null) => {
    setEditing(null);
    if (message) showToast({ content: message, type: 'success' });
    requestAnimationFrame(() => heading.current?.focus());
  };
  return (
    <section className="panel family" aria-labelledby="family-heading">
      <h2 id="family-heading" ref={heading} tabIndex={-1}>
        {familyWords('family')}
      </h2>
      <p>{familyWords('intro')}</p>
      {family.isPending ? (
        <Spinner label={familyWords('loading')} />
      ) : family.isError ? (
        <p className="error-line">{familyWords('somethingWentWrong')}</p>
      ) : family.data.length === 0 ? (
        <p>{familyWords('noneYet')}</p>
      ) : (
        <ul className="family__members">
          {family.data.map((dependant) => (
            <DependantItem
              key={dependant.id}
              dependant={dependant}
              onEdit={() => setEditing(dependant)}
              onRemoved={done}
            />
          ))}
        </ul>
      )}
      {editing ? (
        <DependantForm
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? null : editing}
          onDone={done}
        />
      ) : (
        <div className="form__actions">
          <Button type="button" variant="primary" onClick={() => setEditing('new')}>
            {familyWords('addFamilyMemberTitle')}
          </Button>
        </div>
      )}
    </section>
  );
}
