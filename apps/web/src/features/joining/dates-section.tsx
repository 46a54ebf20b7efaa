import { addDays, type CalendarDate } from '@lido/pricing/calendar-date';
import {
  billingDayText,
  clampStartDate,
  limitStartDate,
  startDateLimits,
} from '@lido/pricing/membership-costs';
import { dateFromParts, datePartsProblem, partsFromDate } from '@lido/contracts/date-input';
import { useState } from 'react';
import { prettyDate } from '../../i18n/dates.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary, type FieldError } from '../../ui/error-summary.tsx';
import { TermsCheck } from '../../ui/terms-check.tsx';
import { DateInput, type DateParts } from '../../ui/date-input.tsx';
import { useTerms } from './get-terms.ts';
import type { DateFieldMessages } from './costs-problems.ts';
import { type JoiningState, joiningStore } from './joining-store.ts';
import { PromoCode } from './promo-code.tsx';
import { type Terms, TermsDialog } from '../../ui/terms-dialog.tsx';
import { joiningWords } from './words.ts';
import { pricingWords } from '../../i18n/pricing-words.ts';

interface DatesSectionProps {
  state: JoiningState;
  today: CalendarDate;
  recurring: boolean;
  promotionEnabled: boolean;
  /** A member who already has a billing date keeps it: no billing day to choose. */
  hasBillingDate: boolean;
  availableBillingDates: number[];
  /** Changing a membership: its change window, with no Today / Tomorrow shortcuts. */
  window?: { min: CalendarDate; max: CalendarDate } | undefined;
  /** the server's messages for the start date and billing day, shown under them */
  serverMessages?: DateFieldMessages | undefined;
  onContinue: () => void;
}

/** A field's server messages, tied to it by id for assistive technology. */
function ServerMessages({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p className="field__error" id={id}>
      <span className="visually-hidden">{joiningWords('errorPrefix')}</span> {messages.join(' ')}
    </p>
  );
}

/** Review & select dates: start date, billing day, promo code, and the terms to accept. */
export function DatesSection({
  state,
  today,
  recurring,
  promotionEnabled,
  hasBillingDate,
  availableBillingDates,
  window,
  serverMessages = {},
  onContinue,
}: DatesSectionProps) {
  const limits = startDateLimits(today, window);
  const health = useTerms('health-commitment', state.membershipTypeId);
  const membership = useTerms('membership', state.membershipTypeId);
  const [reading, setReading] = useState<Terms | null>(null);
  const startDate = clampStartDate(state.startDate, limits);
  const requiredTerms = [health.data, membership.data].filter((terms): terms is Terms => terms !== undefined);
  const needsBillingDay = recurring && !hasBillingDate && state.billingDay === null;
  const termsLoading = health.isPending || membership.isPending;
  const [problems, setProblems] = useState<FieldError[]>([]);
  // The start date's three fields (GOV.UK's date input, decision 0083): what was typed, until left.
  const [startParts, setStartParts] = useState<DateParts>(() => partsFromDate(startDate));
  const [startProblem, setStartProblem] = useState<string | null>(null);

  // Continue is never disabled (WCAG 3.3.1; GOV.UK): pressed too early it says what is missing.
  const tryContinue = () => {
    const missing: FieldError[] = [];
    const typedStart = datePartsProblem('Start date', startParts);
    const noStart = !startParts.day.trim() && !startParts.month.trim() && !startParts.year.trim();
    const startMessage = typedStart ?? (noStart ? joiningWords('enterStartDate') : null);
    setStartProblem(startMessage);
    if (startMessage) missing.push({ fieldId: 'start-date', message: startMessage });
    if (needsBillingDay) missing.push({ fieldId: 'billing-day', message: joiningWords('chooseBillingDay') });
    const unticked = requiredTerms.find((terms) => !state.checkedTerms.includes(terms.id));
    if (unticked || termsLoading)
      // The joining spec's words for terms not all accepted (§8).
      missing.push({
        fieldId: unticked ? `terms-${unticked.id}` : 'start-date',
        message: joiningWords('termsNotTicked'),
      });
    setProblems(missing);
    if (missing.length > 0) return;
    joiningStore.update({ startDate });
    onContinue();
  };

  return (
    <div className="dates-section">
      <ErrorSummary errors={problems} />
      <div className="start-date">
        <DateInput
          id="start-date"
          legend={joiningWords('startDate')}
          hint={joiningWords('startDateHint', {
            min: prettyDate(limits.min),
            max: prettyDate(limits.max),
            example: Object.values(partsFromDate(limits.min)).join(' '),
          })}
          error={[startProblem, ...(serverMessages.startDate ?? [])].filter(Boolean).join(' ') || undefined}
          value={startParts}
          onChange={(parts) => {
            setStartParts(parts);
            setStartProblem(null);
            const typed = dateFromParts(parts.day, parts.month, parts.year);
            // A start date before the minimum resets to the minimum (joining spec, section 4).
            if (typed) joiningStore.update({ startDate: limitStartDate(typed, limits) });
          }}
          // Once the fields are left, they show the date that counts.
          onLeave={() => {
            if (dateFromParts(startParts.day, startParts.month, startParts.year))
              setStartParts(partsFromDate(clampStartDate(joiningStore.get().startDate, limits)));
          }}
        />
        <div className="date-shortcuts">
          {limits.shortcuts.map((date) => (
            <Button
              key={date}
              variant="secondary"
              size="sm"
              aria-pressed={startDate === date}
              onClick={() => {
                joiningStore.update({ startDate: date });
                setStartParts(partsFromDate(date));
                setStartProblem(null);
              }}
            >
              {date === today
                ? joiningWords('today')
                : date === addDays(today, 1)
                  ? joiningWords('tomorrow')
                  : prettyDate(date)}
            </Button>
          ))}
        </div>
      </div>

      {recurring && !hasBillingDate && (
        <div className={`field${serverMessages.billingDay?.length ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor="billing-day">
            {joiningWords('billingDay')}
          </label>
          <p className="field__hint" id="billing-day-hint">
            {joiningWords('billingDayHint')}
          </p>
          <ServerMessages id="billing-day-error" messages={serverMessages.billingDay} />
          <select
            id="billing-day"
            className="field__input"
            value={state.billingDay ?? ''}
            aria-invalid={serverMessages.billingDay?.length ? true : undefined}
            aria-describedby={
              serverMessages.billingDay?.length ? 'billing-day-hint billing-day-error' : 'billing-day-hint'
            }
            onChange={(event) =>
              joiningStore.update({ billingDay: event.target.value ? Number(event.target.value) : null })
            }
          >
            <option value="">{joiningWords('chooseADay')}</option>
            {[...availableBillingDates]
              .sort((a, b) => a - b)
              .map((day) => (
                <option key={day} value={day}>
                  {billingDayText(day, pricingWords)}
                </option>
              ))}
          </select>
        </div>
      )}

      {promotionEnabled && state.paymentOptionId !== null && (
        <PromoCode paymentOptionId={state.paymentOptionId} applied={state.promotion} />
      )}

      {requiredTerms.length > 0 && (
        <fieldset className="form-section">
          <legend className="form-section__title">{joiningWords('terms')}</legend>
          {requiredTerms.map((terms) => (
            <TermsCheck
              key={terms.id}
              id={`terms-${terms.id}`}
              terms={terms}
              checked={state.checkedTerms.includes(terms.id)}
              onTick={(checked) => {
                const others = joiningStore.get().checkedTerms.filter((id) => id !== terms.id);
                joiningStore.update({ checkedTerms: checked ? [...others, terms.id] : others });
              }}
              onRead={() => setReading(terms)}
            />
          ))}
        </fieldset>
      )}
      {(health.isError || membership.isError) && <p className="error-line">{joiningWords('termsFailed')}</p>}

      <div className="form__actions">
        <Button variant="primary" size="lg" onClick={tryContinue}>
          {joiningWords('continue')}
        </Button>
      </div>
      <TermsDialog
        terms={reading}
        accepted={reading !== null && state.checkedTerms.includes(reading.id)}
        onClose={() => setReading(null)}
        onAgree={() => {
          if (reading && !state.checkedTerms.includes(reading.id))
            joiningStore.update({ checkedTerms: [...joiningStore.get().checkedTerms, reading.id] });
          setReading(null);
        }}
      />
    </div>
  );
}
