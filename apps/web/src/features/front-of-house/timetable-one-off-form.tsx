import { dateFromParts, partsFromDate } from '@lido/contracts/date-input';
import type { OneOffSessionBody, StaffTimetable } from '@lido/contracts/timetable';
import { prettyDate } from '@lido/pricing/calendar-date';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { type DateParts, DateInput } from '../../ui/date-input.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { CheckboxField, SelectField, TextField } from '../../ui/form-fields.tsx';
import { useAddOneOffSession } from './staff-api.ts';
import { oneOffErrors, worded } from './timetable-series-checks.ts';

const fieldIds: Record<string, string> = {
  activity: 'one-off-activity',
  venue: 'one-off-venue',
  location: 'one-off-location',
  date: 'one-off-date',
  time: 'one-off-time',
  durationMinutes: 'one-off-duration',
  capacity: 'one-off-capacity',
  instructor: 'one-off-instructor',
};

/** What the form holds as typed; numbers stay text until sent, so a wrong one can be shown back. */
interface Draft {
  activity: string;
  venue: string;
  location: string;
  date: DateParts;
  time: string;
  durationMinutes: string;
  capacity: string;
  instructor: string;
  onlineBooking: boolean;
}

const bodyOf = (draft: Draft): OneOffSessionBody => ({
  activity: draft.activity,
  venue: draft.venue,
  location: draft.location,
  // A date that isn't one is sent as typed, for the schema to word the problem.
  date: dateFromParts(draft.date.day, draft.date.month, draft.date.year) ?? '',
  time: draft.time.trim(),
  durationMinutes: Number(draft.durationMinutes.trim() || Number.NaN),
  capacity: Number(draft.capacity.trim() || Number.NaN),
  ...(draft.instructor.trim() ? { instructor: draft.instructor.trim() } : {}),
  onlineBooking: draft.onlineBooking,
});

/**
 * A one-off session, not part of any weekly series (issue 35 item 2): a holiday splash, an extra
 * class. Checked by the call's schema before sending; the server checks it again and that it is
 * still to come.
 */
export function OneOffSessionForm({
  timetable,
  onDone,
}: {
  timetable: StaffTimetable;
  onDone: (message: string) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => ({
    activity: '',
    venue: timetable.centres[0]?.slug ?? '',
    location: '',
    date: partsFromDate(null),
    time: '',
    durationMinutes: '60',
    capacity: '',
    instructor: '',
    onlineBooking: true,
  }));
  const add = useAddOneOffSession();
  const [localErrors, setLocalErrors] = useState<Record<string, string[]> | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form replaces the list: focus moves to its heading.
  useEffect(() => headingRef.current?.focus(), []);
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft({ ...draft, [field]: value });
  const centre = timetable.centres.find((item) => item.slug === draft.venue);
  const serverErrors =
    add.error instanceof ApiError && add.error.validationMessages ? add.error.validationMessages : {};
  const errors: Record<string, string[] | undefined> =
    localErrors ??
    Object.fromEntries(
      Object.entries(serverErrors).map(([field, messages]) => [
        field,
        (messages ?? []).map((message) => worded(field, message)),
      ]),
    );
  const errorOf = (field: string) => errors[field]?.[0];
  const summary = Object.entries(errors).flatMap(([field, messages]) =>
    (messages ?? []).map((message) => ({ fieldId: fieldIds[field] ?? 'one-off-activity', message })),
  );
  const refusal = add.error instanceof ApiError && !add.error.validationMessages ? add.error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(draft);
    const problems = oneOffErrors(body);
    // The schema words a key's or a date's shape; the form has choices and day, month and year.
    if (problems?.activity && !body.activity) problems.activity = ['Choose an activity.'];
    if (problems?.location && !body.location) problems.location = ['Choose a place.'];
    if (problems?.date) problems.date = ['Date must be a real date, such as 24 12 2026.'];
    setLocalErrors(problems);
    if (problems) return;
    const activity = timetable.activities.find((item) => item.key === body.activity)?.name ?? body.activity;
    const place = centre?.places.find((item) => item.key === body.location)?.name ?? body.location;
    add.mutate(body, {
      onSuccess: () => onDone(`Added ${activity} on ${prettyDate(body.date)} at ${body.time}, ${place}.`),
    });
  };

  return (
    <form className="panel panel--wide" onSubmit={submit} noValidate aria-labelledby="one-off-heading">
      <h2 id="one-off-heading" ref={headingRef} tabIndex={-1}>
        Add a one-off session
      </h2>
      {summary.length > 0 && <ErrorSummary errors={summary} />}
      {refusal && (
        <p className="error-line" role="alert">
          {refusal}
        </p>
      )}
      <SelectField
        id={fieldIds.activity!}
        label="Activity"
        value={draft.activity}
        onChange={(event) => set('activity', event.target.value)}
        error={errorOf('activity')}
        options={[
          { value: '', label: 'Choose an activity' },
          ...timetable.activities
            .filter((activity) => activity.kind === 'session')
            .map((activity) => ({ value: activity.key, label: activity.name })),
        ]}
      />
      <SelectField
        id={fieldIds.venue!}
        label="Centre"
        value={draft.venue}
        onChange={(event) => setDraft({ ...draft, venue: event.target.value, location: '' })}
        error={errorOf('venue')}
        options={timetable.centres.map((item) => ({ value: item.slug, label: item.name }))}
      />
      <SelectField
        id={fieldIds.location!}
        label="Place"
        value={draft.location}
        onChange={(event) => set('location', event.target.value)}
        error={errorOf('location')}
        options={[
          { value: '', label: 'Choose a place' },
          ...(centre?.places ?? []).map((place) => ({ value: place.key, label: place.name })),
        ]}
      />
      <DateInput
        id={fieldIds.date!}
        legend="Date"
        hint="For example, 24 12 2026."
        error={errorOf('date')}
        value={draft.date}
        onChange={(parts) => set('date', parts)}
      />
      <TextField
        id={fieldIds.time!}
        label="Start time"
        hint="24-hour clock, such as 18:30."
        value={draft.time}
        onChange={(event) => set('time', event.target.value)}
        error={errorOf('time')}
      />
      <TextField
        id={fieldIds.durationMinutes!}
        label="Duration (minutes)"
        inputMode="numeric"
        value={draft.durationMinutes}
        onChange={(event) => set('durationMinutes', event.target.value)}
        error={errorOf('durationMinutes')}
      />
      <TextField
        id={fieldIds.capacity!}
        label="Capacity"
        inputMode="numeric"
        value={draft.capacity}
        onChange={(event) => set('capacity', event.target.value)}
        error={errorOf('capacity')}
      />
      <TextField
        id={fieldIds.instructor!}
        label="Instructor (optional)"
        value={draft.instructor}
        onChange={(event) => set('instructor', event.target.value)}
        error={errorOf('instructor')}
      />
      <CheckboxField
        id="one-off-online"
        label="Customers can book online"
        checked={draft.onlineBooking}
        onChange={(event) => set('onlineBooking', event.target.checked)}
      />
      <div className="till-toolbar">
        <Button type="submit" variant="primary" size="md" disabled={add.isPending}>
          Add session
        </Button>
        <Button type="button" variant="secondary" size="md" onClick={() => onDone('')}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
