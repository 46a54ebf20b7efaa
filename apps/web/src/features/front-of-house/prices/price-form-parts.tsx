import type { StaffPrices } from '@lido/contracts/prices-offers';
import { dateExample, dateFromParts, datePartsProblem } from '@lido/contracts/date-input';
import { formatPence, parsePounds } from '@lido/pricing/money';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { type DateParts, DateInput } from '../../../ui/date-input.tsx';
import { ErrorSummary } from '../../../ui/error-summary.tsx';
import { CheckboxField } from '../../../ui/form-fields.tsx';
import { useSavePrices } from './prices-api.ts';

/** A field's element id from the server's field name (`monthly.priceChange.effectiveFrom`). */
export const fieldId = (field: string) => `price-${field.replace(/[^A-Za-z0-9-]+/g, '-')}`;

export type Errors = Record<string, string[]>;

/** Pounds typed as pence, or the field's error; empty is allowed where `optional`. */
export function pence(
  text: string,
  label: string,
  symbol: string,
  errors: Errors,
  field: string,
  optional = false,
) {
  if (optional && text.trim() === '') return undefined;
  const parsed = parsePounds(text, symbol);
  if ('pence' in parsed) return parsed.pence;
  errors[field] = [
    text.trim() === '' ? `Enter the ${label.toLowerCase()}, like ${formatPence(2000, symbol)}` : parsed.error,
  ];
  return undefined;
}

export const pounds = (value: number | undefined) => (value === undefined ? '' : (value / 100).toFixed(2));

/** The form around each change: its heading (focused when it opens), the error summary, the buttons. */
export function PriceForm({
  heading,
  errors,
  refusal,
  pending,
  onSubmit,
  onCancel,
  submitLabel,
  children,
}: {
  heading: string;
  errors: Errors;
  refusal: string | null;
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  submitLabel: string;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form replaces the lists: focus moves to its heading.
  useEffect(() => headingRef.current?.focus(), []);
  const summary = Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((message) => ({ fieldId: fieldId(field), message })),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <form className="panel panel--wide" onSubmit={submit} noValidate aria-labelledby="price-form-heading">
      <h2 id="price-form-heading" ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      {summary.length > 0 && <ErrorSummary errors={summary} />}
      {refusal && (
        <p className="error-line" role="alert">
          {refusal}
        </p>
      )}
      {children}
      <div className="form__actions">
        <Button type="submit" variant="primary" size="md">
          {pending ? 'Saving…' : submitLabel}
        </Button>
        <Button variant="secondary" size="md" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The save call with the server's field errors and refusal, and the form's own errors beside them. */
export function useChange(onDone: (prices: StaffPrices) => void) {
  const save = useSavePrices();
  const [local, setLocal] = useState<Errors>({});
  const server =
    save.error instanceof ApiError && save.error.validationMessages ? save.error.validationMessages : {};
  const errors = Object.keys(local).length > 0 ? local : server;
  const refusal =
    save.error instanceof ApiError && !save.error.validationMessages && Object.keys(local).length === 0
      ? save.error.message
      : null;
  const run = (found: Errors, change: Parameters<typeof save.mutate>[0]) => {
    setLocal(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(change, { onSuccess: onDone });
  };
  const errorOf = (field: string) => errors[field]?.[0];
  return { run, errors, errorOf, refusal, pending: save.isPending };
}

export interface FormProps<T> {
  editing: T | null;
  symbol: string;
  onDone: (prices: StaffPrices, name: string) => void;
  onCancel: () => void;
}

/** A date typed as GOV.UK's three fields, as YYYY-MM-DD; '' when left empty; the field's error otherwise. */
export function dateValue(parts: DateParts, label: string, errors: Errors, field: string): string {
  const problem = datePartsProblem(label, parts);
  if (problem) {
    errors[field] = [problem];
    return '';
  }
  return dateFromParts(parts.day, parts.month, parts.year) ?? '';
}

/** A date field of a price form, its day field's id the server's field name. */
export function PriceDateField({
  field,
  legend,
  hint,
  value,
  onChange,
  error,
}: {
  field: string;
  legend: string;
  hint?: string;
  value: DateParts;
  onChange: (value: DateParts) => void;
  error: string | undefined;
}) {
  return (
    <DateInput
      id={fieldId(field)}
      legend={legend}
      hint={hint ? `${hint} For example, ${dateExample}` : undefined}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

/** Ticked choices in a fieldset named by its legend; the first box takes the field's id, for error links. */
export function CheckboxGroup<Value extends string>({
  field,
  legend,
  hint,
  options,
  chosen,
  onChange,
  error,
}: {
  field: string;
  legend: string;
  hint?: string;
  options: { value: Value; label: string }[];
  chosen: Value[];
  onChange: (chosen: Value[]) => void;
  error: string | undefined;
}) {
  const id = fieldId(field);
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset className={`field${error ? ' field--error' : ''}`} aria-describedby={described || undefined}>
      <legend className="field__label">{legend}</legend>
      {hint && (
        <div className="field__hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          <span className="visually-hidden">Error:</span> {error}
        </p>
      )}
      {options.map((option, index) => (
        <CheckboxField
          key={option.value}
          id={index === 0 ? id : `${id}-${option.value}`}
          label={option.label}
          checked={chosen.includes(option.value)}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? [...chosen, option.value]
                : chosen.filter((value) => value !== option.value),
            )
          }
        />
      ))}
    </fieldset>
  );
}
