import type { SeriesView, StaffTimetable } from '@lido/contracts/timetable';
import { weekdayNames } from '@lido/contracts/timetable';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { DateInput } from '../../ui/date-input.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { CheckboxField, SelectField, TextField } from '../../ui/form-fields.tsx';
import { staffMeQuery, useSaveSeries } from './staff-api.ts';
import { fieldIds, schemaErrors } from './timetable-series-checks.ts';
import { type Draft, draftOf, emptyDraft, formErrors, seriesOf } from './timetable-series-draft.ts';
import { firstPriceFieldId, SeriesPricesFields } from './timetable-series-prices.tsx';
import { dayLabels } from './timetable-series-table.tsx';

/** Adding or changing a weekly series (decision 0092), with its own booking rules (decision 0100). */
export function SeriesForm({
  timetable,
  editing,
  onDone,
}: {
  timetable: StaffTimetable;
  editing: SeriesView | null;
  onDone: (message: string) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => (editing ? draftOf(editing) : emptyDraft(timetable)));
  const [applyToGenerated, setApplyToGenerated] = useState(true);
  const save = useSaveSeries();
  const [localErrors, setLocalErrors] = useState<Record<string, string[]> | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form replaces the list: focus moves to its heading.
  useEffect(() => headingRef.current?.focus(), []);
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft({ ...draft, [field]: value });
  const centre = timetable.centres.find((item) => item.slug === draft.venue);
  const activity = timetable.activities.find((item) => item.key === draft.activity);
  const symbol = useQuery(staffMeQuery).data?.currencySymbol ?? '£';
  const series = () => seriesOf(draft, activity?.prices ?? [], symbol);
  const errors: Record<string, string[] | undefined> =
    localErrors ??
    (save.error instanceof ApiError && save.error.validationMessages ? save.error.validationMessages : {});
  const errorOf = (field: string) => errors[field]?.[0];
  const summary = Object.entries(errors).flatMap(([field, messages]) =>
    (messages ?? []).map((message) => ({
      fieldId: field === 'prices' ? firstPriceFieldId(activity) : (fieldIds[field] ?? 'series-key'),
      message,
    })),
  );
  const refusal =
    save.error instanceof ApiError && !save.error.validationMessages ? save.error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = formErrors(draft, symbol) ?? schemaErrors(series());
    setLocalErrors(problems);
    if (problems) return;
    save.mutate(
      editing ? { series: series(), version: editing.version, applyToGenerated } : { series: series() },
      {
        onSuccess: (saved) =>
          onDone(
            editing
              ? `Saved ${saved.series.activityName} (${saved.series.series.key}): ${saved.sessionsChanged} sessions changed, ${saved.sessionsCreated} made, ${saved.bookersTold} bookers emailed.`
              : `Added ${saved.series.activityName} (${saved.series.series.key}): ${saved.sessionsCreated} sessions on the timetable.`,
          ),
      },
    );
  };

  return (
    <form className="panel panel--wide" onSubmit={submit} noValidate aria-labelledby="series-form-heading">
      <h2 id="series-form-heading" ref={headingRef} tabIndex={-1}>
        {editing ? `Change ${editing.series.key}` : 'Add a weekly series'}
      </h2>
      {summary.length > 0 && <ErrorSummary errors={summary} />}
      {refusal && (
        <p className="error-line" role="alert">
          {refusal}
        </p>
      )}
      <TextField
        id="series-key"
        label="Key"
        hint="Lower-case letters, numbers and hyphens: how the catalogue file names the series."
        value={draft.key}
        readOnly={editing !== null}
        onChange={(event) => set('key', event.target.value)}
        error={errorOf('key')}
      />
      <SelectField
        id="series-activity"
        label="Activity"
        value={draft.activity}
        // another activity has other price bands: the series' own prices start again
        onChange={(event) => setDraft({ ...draft, activity: event.target.value, prices: {} })}
        error={errorOf('activity')}
        options={[
          { value: '', label: 'Choose an activity' },
          ...timetable.activities
            .filter((item) => item.kind === 'session')
            .map((item) => ({ value: item.key, label: item.name })),
        ]}
      />
      <SelectField
        id="series-venue"
        label="Centre"
        value={draft.venue}
        onChange={(event) => setDraft({ ...draft, venue: event.target.value, location: '' })}
        error={errorOf('venue')}
        options={timetable.centres.map((item) => ({ value: item.slug, label: item.name }))}
      />
      <SelectField
        id="series-location"
        label="Place"
        value={draft.location}
        onChange={(event) => set('location', event.target.value)}
        error={errorOf('location')}
        options={[
          { value: '', label: 'Choose a place' },
          ...(centre?.places ?? []).map((place) => ({ value: place.key, label: place.name })),
        ]}
      />
      <fieldset className={`field${errorOf('days') ? ' field--error' : ''}`}>
        <legend className="field__label">Days</legend>
        {errorOf('days') && <p className="field__error">{errorOf('days')}</p>}
        {weekdayNames.map((day) => (
          <CheckboxField
            key={day}
            id={`series-day-${day}`}
            label={dayLabels[day]}
            checked={draft.days.includes(day)}
            onChange={(event) =>
              set(
                'days',
                event.target.checked
                  ? weekdayNames.filter((name) => name === day || draft.days.includes(name))
                  : draft.days.filter((name) => name !== day),
              )
            }
          />
        ))}
      </fieldset>
      <TextField
        id="series-times"
        label="Start times"
        hint="24-hour clock, separated by commas, such as 09:30, 18:00."
        value={draft.times}
        onChange={(event) => set('times', event.target.value)}
        error={errorOf('times')}
      />
      <TextField
        id="series-duration"
        label="Duration (minutes)"
        inputMode="numeric"
        value={draft.durationMinutes}
        onChange={(event) => set('durationMinutes', event.target.value)}
        error={errorOf('durationMinutes')}
      />
      <TextField
        id="series-capacity"
        label="Capacity"
        inputMode="numeric"
        value={draft.capacity}
        onChange={(event) => set('capacity', event.target.value)}
        error={errorOf('capacity')}
      />
      <TextField
        id="series-instructor"
        label="Instructor (optional)"
        value={draft.instructor}
        onChange={(event) => set('instructor', event.target.value)}
        error={errorOf('instructor')}
      />
      <DateInput
        id="series-valid-from"
        legend="First day (optional)"
        hint="The first day sessions run, such as 4 1 2027. Leave empty to start now."
        error={errorOf('validFrom')}
        value={draft.validFrom}
        onChange={(parts) => set('validFrom', parts)}
      />
      <DateInput
        id="series-valid-to"
        legend="Last day (optional)"
        hint="The last day sessions run, such as 28 3 2027. Leave empty to run until the series is retired."
        error={errorOf('validTo')}
        value={draft.validTo}
        onChange={(parts) => set('validTo', parts)}
      />
      <CheckboxField
        id="series-online"
        label="Customers can book online"
        checked={draft.onlineBooking}
        onChange={(event) => set('onlineBooking', event.target.checked)}
      />
      <fieldset className="field">
        <legend className="field__label">Booking rules</legend>
        <p className="field__hint">Leave a rule empty for the activity’s own.</p>
        <TextField
          id="series-min-age"
          label="Youngest age (optional)"
          inputMode="numeric"
          value={draft.minAge}
          onChange={(event) => set('minAge', event.target.value)}
          error={errorOf('minAge')}
        />
        <TextField
          id="series-max-age"
          label="Oldest age (optional)"
          inputMode="numeric"
          value={draft.maxAge}
          onChange={(event) => set('maxAge', event.target.value)}
          error={errorOf('maxAge')}
        />
        <TextField
          id="series-cutoff"
          label="Cancellation cut-off in minutes (optional)"
          hint="How long before the start a booking can still be cancelled, such as 120."
          inputMode="numeric"
          value={draft.cancellationCutoffMinutes}
          onChange={(event) => set('cancellationCutoffMinutes', event.target.value)}
          error={errorOf('cancellationCutoffMinutes')}
        />
        <SelectField
          id="series-waiver"
          label="Waiver"
          value={draft.waiver}
          onChange={(event) => set('waiver', event.target.value as Draft['waiver'])}
          error={errorOf('waiverRequired')}
          options={[
            { value: 'activity', label: 'As the activity' },
            { value: 'required', label: 'Required' },
            { value: 'none', label: 'Not required' },
          ]}
        />
        {draft.waiver === 'required' && (
          <TextField
            id="series-waiver-text"
            label="Waiver text"
            hint="What the customer agrees to when they book."
            value={draft.waiverText}
            onChange={(event) => set('waiverText', event.target.value)}
            error={errorOf('waiverText')}
          />
        )}
      </fieldset>
      <SeriesPricesFields
        activity={activity}
        prices={draft.prices}
        symbol={symbol}
        error={errorOf('prices')}
        onChange={(prices) => set('prices', prices)}
      />
      {editing && (
        <CheckboxField
          id="series-apply"
          label="Also change the sessions already on the timetable (bookers are emailed a change of time, place or instructor)"
          checked={applyToGenerated}
          onChange={(event) => setApplyToGenerated(event.target.checked)}
        />
      )}
      <div className="till-toolbar">
        <Button type="submit" variant="primary" size="md" disabled={save.isPending}>
          {editing ? 'Save changes' : 'Add series'}
        </Button>
        <Button type="button" variant="secondary" size="md" onClick={() => onDone('')}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
