import { type DateParts, dateExample } from '@lido/contracts/date-input';
import type { FocusEvent, ReactNode } from 'react';
import { uiWords } from './words.ts';

export type { DateParts } from '@lido/contracts/date-input';

const parts = [
  ['day', 'dateDay', '3.5rem', 'bday-day'],
  ['month', 'dateMonth', '3.5rem', 'bday-month'],
  ['year', 'dateYear', '5rem', 'bday-year'],
] as const;

/** The id of one of a date input's fields: the day keeps the input's own id, for error links. */
export const datePartId = (id: string, part: keyof DateParts) => (part === 'day' ? id : `${id}-${part}`);

/**
 * GOV.UK's date input, the one way Lido asks for a date (decision 0083; lint refuses
 * `<input type="date">`): Day, Month and Year in a fieldset whose legend names the date, a hint
 * giving an example in that order, the error under the hint naming the date, numeric keyboards
 * that need no "/", and no jumping between the fields. A browser's own date control shows its
 * locale's order (11/28/2026 in en-US) and a text field wants a "/" a phone's number pad lacks.
 */
export function DateInput({
  id,
  legend,
  hint,
  error,
  value,
  onChange,
  onLeave,
  birthday = false,
  readOnly,
  legendClassName = 'field__label',
}: {
  /** the day field's id; the month and year fields are `${id}-month` and `${id}-year` */
  id: string;
  legend: ReactNode;
  /** defaults to "For example, 27 3 2007" */
  hint?: ReactNode;
  error?: string | undefined;
  value: DateParts;
  onChange: (value: DateParts) => void;
  /** focus left all three fields (a place to settle a typed date) */
  onLeave?: () => void;
  /** a date of birth: the browser may offer the person's own */
  birthday?: boolean;
  readOnly?: boolean;
  legendClassName?: string;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const leave = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (onLeave && !event.currentTarget.contains(event.relatedTarget as Node | null)) onLeave();
  };
  return (
    <fieldset
      className={`field date-input${error ? ' field--error' : ''}`}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      onBlur={leave}
    >
      <legend className={legendClassName}>{legend}</legend>
      <div className="field__hint" id={hintId}>
        {hint ?? uiWords('dateHint', { example: dateExample })}
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          <span className="visually-hidden">{uiWords('errorPrefix')}</span> {error}
        </p>
      )}
      <div className="date-input__items">
        {parts.map(([part, labelKey, width, autoComplete]) => (
          <div className="date-input__item" key={part}>
            <label className="field__label" htmlFor={datePartId(id, part)}>
              {uiWords(labelKey)}
            </label>
            <input
              id={datePartId(id, part)}
              className="field__input"
              style={{ width }}
              inputMode="numeric"
              autoComplete={birthday ? autoComplete : 'off'}
              spellCheck={false}
              value={value[part]}
              readOnly={readOnly}
              aria-invalid={error ? true : undefined}
              onChange={(event) => onChange({ ...value, [part]: event.target.value })}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
