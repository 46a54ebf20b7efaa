import { useEffect, useId, useRef } from 'react';
import { uiWords } from './words.ts';

export interface FieldError {
  /** the id of the input the message is about */
  fieldId: string;
  message: string;
}

/**
 * GOV.UK's error summary: shown at the top of a form after a failed submit, focused so screen
 * readers announce it, each message a link to its field. The page title gains "Error: " meanwhile.
 */
export function ErrorSummary({
  errors,
  title = uiWords('errorSummaryTitle'),
}: {
  errors: FieldError[];
  title?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Unique: a dialog's summary may sit above a page that has its own.
  const titleId = useId();
  const key = errors.map((error) => `${error.fieldId}:${error.message}`).join('|');
  useEffect(() => {
    if (errors.length === 0) return;
    ref.current?.focus();
    const prefix = `${uiWords('errorPrefix')} `;
    const original = document.title.startsWith(prefix) ? document.title.slice(prefix.length) : document.title;
    document.title = `${prefix}${original}`;
    return () => {
      document.title = original;
    };
    // Re-run only when the set of messages changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (errors.length === 0) return null;
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby={titleId}>
      <h2 className="error-summary__title" id={titleId}>
        {title}
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={`${error.fieldId}-${error.message}`}>
            <a
              href={`#${error.fieldId}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(error.fieldId)?.focus();
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
