import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api/api-client.ts';
import { Button } from '../../../ui/button.tsx';

/**
 * A manager's action that needs a reason the audit log keeps (removing a strike, decision 0096;
 * waiving a fee, decision 0101): its heading takes focus when it opens, an empty reason is refused
 * at the field, and the server's refusal is said there too.
 */
export function ReasonForm({
  id,
  heading,
  submitLabel,
  emptyMessage,
  failedMessage,
  pending,
  submit,
  onCancel,
}: {
  /** the form's element ids start with it: "remove-strike" */
  id: string;
  heading: string;
  submitLabel: string;
  /** said when no reason is given: "Enter why the strike is removed." */
  emptyMessage: string;
  /** said when the call fails without a message of its own */
  failedMessage: string;
  pending: boolean;
  /** sends the reason; resolves when done, rejects with the server's refusal */
  submit: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <form
      className="register__remove-form"
      aria-labelledby={`${id}-heading`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() === '') return setError(emptyMessage);
        setError('');
        submit(reason.trim()).catch((failure: unknown) =>
          setError(failure instanceof ApiError ? failure.message : failedMessage),
        );
      }}
    >
      <h2 id={`${id}-heading`} tabIndex={-1} ref={headingRef}>
        {heading}
      </h2>
      <div className={`field${error ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor={`${id}-reason`}>
          Reason
        </label>
        <p className="field__hint" id={`${id}-hint`}>
          Kept in the audit log with your name.
        </p>
        {error && (
          <p className="field__error" id={`${id}-error`}>
            {error}
          </p>
        )}
        <textarea
          id={`${id}-reason`}
          className="field__input"
          rows={3}
          maxLength={500}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <div className="register__actions">
        <Button type="submit" variant="primary" size="md" disabled={pending}>
          {submitLabel}
        </Button>
        <Button type="button" variant="secondary" size="md" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
