import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  useId,
  useState,
} from 'react';
import { uiWords } from './words.ts';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id?: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A field's frame: its label, hint and error around the control, and the attributes that tie the
 * hint and error to the control for assistive technology. Text fields and selects share it.
 */
function FieldFrame({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
  children: (described: {
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <div className="field__hint" id={hintId}>
          {hint}
        </div>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          <span className="visually-hidden">{uiWords('errorPrefix')}</span> {error}
        </p>
      )}
      {children({
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
    </div>
  );
}

/** A labelled input with its hint and its error, both tied to it for assistive technology. */
export function TextField({ id, label, hint, error, className, ref, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame id={inputId} label={label} hint={hint} error={error} className={className}>
      {(described) => <input ref={ref} id={inputId} className="field__input" {...described} {...input} />}
    </FieldFrame>
  );
}

/** A password input with a Show/Hide toggle; pasting and password managers work as usual. */
export function PasswordField(props: Omit<FieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  const generated = useId();
  const id = props.id ?? generated;
  return (
    <div className="password-field">
      <TextField {...props} id={id} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="button button--link button--sm password-field__toggle"
        aria-controls={id}
        aria-pressed={visible}
        onClick={() => setVisible((value) => !value)}
      >
        {visible ? uiWords('hidePassword') : uiWords('showPassword')}
      </button>
    </div>
  );
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  id: string;
  label: ReactNode;
  error?: string | undefined;
}

/** A checkbox with its label beside it and its error above, tied to it for assistive technology. */
export function CheckboxField({ id, label, error, className, ...input }: CheckboxFieldProps) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div
      className={`field field--checkbox${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}
    >
      {error && (
        <p className="field__error" id={errorId}>
          <span className="visually-hidden">{uiWords('errorPrefix')}</span> {error}
        </p>
      )}
      <div className="checkbox">
        <input
          id={id}
          type="checkbox"
          className="checkbox__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...input}
        />
        <label className="checkbox__label" htmlFor={id}>
          {label}
        </label>
      </div>
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  options: { value: string; label: string }[];
}

/** A labelled select with its hint and its error, tied to it as TextField's are. */
export function SelectField({ id, label, hint, error, options, ...select }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(described) => (
        <select id={id} className="field__input" {...described} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
