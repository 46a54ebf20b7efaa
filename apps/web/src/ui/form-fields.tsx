import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id?: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and its error, both tied to it for assistive technology. */
export function TextField({ id, label, hint, error, className, ref, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={`field${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {hint && (
        <div className="field__hint" id={hintId}>
          {hint}
        </div>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          <span className="visually-hidden">Error:</span> {error}
        </p>
      )}
      <input
        ref={ref}
        id={inputId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...input}
      />
    </div>
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
        {visible ? 'Hide password' : 'Show password'}
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
          <span className="visually-hidden">Error:</span> {error}
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
