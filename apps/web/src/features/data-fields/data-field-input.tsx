import { useId } from 'react';
import { PasswordField, TextField } from '../../ui/form-fields.tsx';
import type { DataField } from '@lido/contracts/data-fields';
import type { Answers } from './validate-answers.ts';

interface Props {
  field: DataField;
  answers: Answers;
  error: string | undefined;
  onChange: (name: string, value: string) => void;
  readOnly?: boolean;
}

/** GOV.UK's date input: day, month and year, numeric keyboards, birthday autocomplete, no auto-tab. */
function DateField({ field, answers, error, onChange, readOnly }: Props) {
  const hintId = useId();
  const errorId = useId();
  const part = (key: 'day' | 'month' | 'year', label: string, width: string, autoComplete: string) => (
    <div className="date-input__item">
      <label className="field__label" htmlFor={`field-${field.name}${key === 'day' ? '' : `-${key}`}`}>
        {label}
      </label>
      <input
        id={`field-${field.name}${key === 'day' ? '' : `-${key}`}`}
        className="field__input"
        style={{ width }}
        inputMode="numeric"
        autoComplete={field.name === 'dateOfBirth' ? autoComplete : 'off'}
        value={answers[`${field.name}.${key}`] ?? ''}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(`${field.name}.${key}`, event.target.value)}
      />
    </div>
  );
  return (
    <fieldset
      className={`field date-input${error ? ' field--error' : ''}`}
      aria-describedby={
        [field.metadata.description ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') ||
        undefined
      }
    >
      <legend className="field__label">{field.label}</legend>
      {field.metadata.description && (
        <div className="field__hint" id={hintId}>
          {field.metadata.description}
        </div>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          <span className="visually-hidden">Error:</span> {error}
        </p>
      )}
      <div className="date-input__items">
        {part('day', 'Day', '3.5rem', 'bday-day')}
        {part('month', 'Month', '3.5rem', 'bday-month')}
        {part('year', 'Year', '5rem', 'bday-year')}
      </div>
    </fieldset>
  );
}

/** The server names HTML attributes as HTML does; React wants its own spelling for some. */
const reactAttributeNames: Record<string, string> = {
  autocomplete: 'autoComplete',
  maxlength: 'maxLength',
  inputmode: 'inputMode',
  spellcheck: 'spellCheck',
};
const allowedAttributes = new Set(['autoComplete', 'maxLength', 'inputMode', 'spellCheck', 'pattern']);

function htmlAttributesToProps(attributes: Record<string, string>): Record<string, string | number> {
  const props: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(attributes)) {
    const reactName = reactAttributeNames[name] ?? name;
    if (!allowedAttributes.has(reactName)) continue;
    props[reactName] = reactName === 'maxLength' ? Number(value) : value;
  }
  return props;
}

/** One operator-defined field, drawn by its type. */
export function DataFieldInput(props: Props) {
  const { field, answers, error, onChange, readOnly } = props;
  if (field.type === 'date') return <DateField {...props} />;
  const common = {
    id: `field-${field.name}`,
    label: field.label,
    hint: field.metadata.description ?? undefined,
    error,
    name: field.name,
    value: answers[field.name] ?? '',
    readOnly,
    onChange: (event: { target: { value: string } }) => onChange(field.name, event.target.value),
    ...htmlAttributesToProps(field.htmlAttributes),
  };
  if (field.type === 'password') return <PasswordField {...common} />;
  return (
    <TextField
      {...common}
      type={field.type === 'select' ? 'text' : field.type}
      spellCheck={field.type === 'email' ? false : undefined}
    />
  );
}

/** Each field's input in turn, all answers in one record, each error under its field. */
export function DataFieldInputs({
  fields,
  answers,
  errors,
  setAnswers,
}: {
  fields: DataField[];
  answers: Answers;
  errors: Record<string, string>;
  setAnswers: (update: (current: Answers) => Answers) => void;
}) {
  return fields.map((field) => (
    <DataFieldInput
      key={field.name}
      field={field}
      answers={answers}
      error={errors[field.name]}
      onChange={(name, value) => setAnswers((current) => ({ ...current, [name]: value }))}
    />
  ));
}
