import { DateInput } from '../../ui/date-input.tsx';
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

/** A date field: GOV.UK's date input (ui/date-input.tsx), its parts kept as `${name}.day` and so on. */
function DateField({ field, answers, error, onChange, readOnly }: Props) {
  return (
    <DateInput
      id={`field-${field.name}`}
      legend={field.label}
      hint={field.metadata.description ?? undefined}
      error={error}
      birthday={field.name === 'dateOfBirth'}
      readOnly={readOnly}
      value={{
        day: answers[`${field.name}.day`] ?? '',
        month: answers[`${field.name}.month`] ?? '',
        year: answers[`${field.name}.year`] ?? '',
      }}
      onChange={(parts) => {
        for (const part of ['day', 'month', 'year'] as const)
          if (parts[part] !== (answers[`${field.name}.${part}`] ?? ''))
            onChange(`${field.name}.${part}`, parts[part]);
      }}
    />
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
