import type {
  CancellationPreview,
  CancellationResult,
  CancellationScope,
} from '@lido/contracts/centre-cancellations';
import type { StaffTimetable } from '@lido/contracts/timetable';
import { dateFromParts, partsFromDate } from '@lido/contracts/date-input';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Link } from '../../router/index.ts';
import { Button } from '../../ui/button.tsx';
import { type DateParts, DateInput } from '../../ui/date-input.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { SelectField, TextField } from '../../ui/form-fields.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useCancelSessions, usePreviewCancellation } from './cancel-sessions-api.ts';
import { CancellationCheck, CancellationSummary } from './cancel-sessions-summary.tsx';
import { staffMeQuery, staffTimetableQuery } from './staff-api.ts';
import { LoadFailed } from './till/load-failed.tsx';
import './till/till.css';

/** The form's fields by the names the server's errors use. */
const fieldIds: Record<string, string> = {
  venue: 'cancel-venue',
  location: 'cancel-location',
  fromDate: 'cancel-from-date',
  fromTime: 'cancel-from-time',
  toDate: 'cancel-to-date',
  toTime: 'cancel-to-time',
  reason: 'cancel-reason',
  sessionIds: 'cancel-check-heading',
};

interface Draft {
  venue: string;
  location: string;
  fromDay: DateParts;
  fromTime: string;
  toDay: DateParts;
  toTime: string;
  reason: string;
}

const today = () => partsFromDate(new Date().toLocaleDateString('en-CA'));
const isoOf = (parts: DateParts) => dateFromParts(parts.day, parts.month, parts.year) ?? '';

function CancelSessions({ timetable }: { timetable: StaffTimetable }) {
  const [draft, setDraft] = useState<Draft>({
    venue: timetable.centres[0]?.slug ?? '',
    location: '',
    fromDay: today(),
    fromTime: '',
    toDay: today(),
    toTime: '',
    reason: '',
  });
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [checked, setChecked] = useState<{ preview: CancellationPreview; key: string } | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [done, setDone] = useState<CancellationResult | null>(null);
  const previewCall = usePreviewCancellation();
  const cancelCall = useCancelSessions();
  const heading = useRef<HTMLHeadingElement>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const stage = done ? 'done' : checked ? 'check' : 'form';
  const firstRender = useRef(true);
  // Each stage replaces the last: focus moves to its heading (never left on the page's body).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    (stage === 'form' ? formHeading : heading).current?.focus();
  }, [stage]);

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft({ ...draft, [field]: value });
  const centre = timetable.centres.find((item) => item.slug === draft.venue);
  const failed = (cancelCall.error ?? previewCall.error) as unknown;
  const serverErrors =
    failed instanceof ApiError && failed.validationMessages ? failed.validationMessages : {};
  const errors: Record<string, string[] | undefined> = {
    ...serverErrors,
    ...(reasonError ? { reason: [reasonError] } : {}),
  };
  const errorOf = (field: string) => errors[field]?.[0];
  const summary = Object.entries(errors).flatMap(([field, messages]) =>
    (messages ?? []).map((message) => ({ fieldId: fieldIds[field] ?? 'cancel-reason', message })),
  );
  // A refusal in the server's words; a failure on the way (no answer) asks to try again, with the same key.
  const refusal = !failed
    ? null
    : failed instanceof ApiError
      ? failed.validationMessages
        ? null
        : failed.message
      : genericErrorLine(null);

  const scope = (): CancellationScope => ({
    venue: draft.venue,
    ...(draft.location ? { location: draft.location } : {}),
    fromDate: isoOf(draft.fromDay),
    fromTime: draft.fromTime.trim(),
    toDate: isoOf(draft.toDay),
    toTime: draft.toTime.trim(),
  });

  const find = (event: FormEvent) => {
    event.preventDefault();
    const missing = draft.reason.trim() === '' ? 'Enter the reason customers will be told' : null;
    setReasonError(missing);
    if (missing) return;
    cancelCall.reset();
    previewCall.mutate(scope(), {
      onSuccess: (preview) => {
        // The key of this cancellation: a second press of Cancel sends it again and gets the first answer.
        setChecked({ preview, key: crypto.randomUUID() });
        setChosen(new Set(preview.sessions.map((session) => session.id)));
      },
    });
  };

  const confirm = () => {
    if (!checked) return;
    cancelCall.mutate(
      { key: checked.key, venue: draft.venue, sessionIds: [...chosen], reason: draft.reason.trim() },
      { onSuccess: (result) => setDone(result) },
    );
  };

  if (done)
    return (
      <CancellationSummary
        result={done}
        headingRef={heading}
        onMore={() => {
          setDone(null);
          setChecked(null);
          previewCall.reset();
          cancelCall.reset();
        }}
      />
    );

  return (
    <>
      {summary.length > 0 && <ErrorSummary errors={summary} />}
      {refusal && (
        <p className="error-line" role="alert">
          {refusal}
        </p>
      )}
      {checked ? (
        <CancellationCheck
          preview={checked.preview}
          chosen={chosen}
          onChoose={(id, on) => {
            const next = new Set(chosen);
            if (on) next.add(id);
            else next.delete(id);
            setChosen(next);
          }}
          headingRef={heading}
          pending={cancelCall.isPending}
          onConfirm={confirm}
          onBack={() => {
            setChecked(null);
            cancelCall.reset();
          }}
        />
      ) : (
        <form className="panel panel--wide" onSubmit={find} noValidate aria-labelledby="cancel-form-heading">
          <h2 id="cancel-form-heading" ref={formHeading} tabIndex={-1}>
            Which sessions
          </h2>
          <SelectField
            id="cancel-venue"
            label="Centre"
            value={draft.venue}
            onChange={(event) => setDraft({ ...draft, venue: event.target.value, location: '' })}
            options={timetable.centres.map((item) => ({ value: item.slug, label: item.name }))}
          />
          <SelectField
            id="cancel-location"
            label="Place"
            value={draft.location}
            onChange={(event) => set('location', event.target.value)}
            options={[
              { value: '', label: 'Every place at the centre' },
              ...(centre?.places ?? []).map((place) => ({ value: place.key, label: place.name })),
            ]}
          />
          <DateInput
            id="cancel-from-date"
            legend="From date"
            hint={`For example, ${Object.values(today()).join(' ')}`}
            error={errorOf('fromDate')}
            value={draft.fromDay}
            onChange={(parts) => set('fromDay', parts)}
          />
          <TextField
            id="cancel-from-time"
            label="From time"
            hint="24-hour clock, such as 16:00."
            value={draft.fromTime}
            onChange={(event) => set('fromTime', event.target.value)}
            error={errorOf('fromTime')}
          />
          <DateInput
            id="cancel-to-date"
            legend="To date"
            hint={`For example, ${Object.values(today()).join(' ')}`}
            error={errorOf('toDate')}
            value={draft.toDay}
            onChange={(parts) => set('toDay', parts)}
          />
          <TextField
            id="cancel-to-time"
            label="To time"
            hint="24-hour clock, such as 20:00. Sessions running at any time in between are found."
            value={draft.toTime}
            onChange={(event) => set('toTime', event.target.value)}
            error={errorOf('toTime')}
          />
          <TextField
            id="cancel-reason"
            label="Reason"
            hint="Customers are told this in their email and under My account → Bookings, such as “instructor ill”."
            maxLength={200}
            value={draft.reason}
            onChange={(event) => set('reason', event.target.value)}
            error={errorOf('reason')}
          />
          <div className="till-toolbar">
            <Button type="submit" variant="primary" size="md" disabled={previewCall.isPending}>
              Find sessions
            </Button>
          </div>
        </form>
      )}
    </>
  );
}

/**
 * /timetable/cancel on the staff site (a manager's, issue 35 item 3, decision 0095): one session, or
 * every session at a centre or one place for a period, cancelled with a reason after a check of
 * what it touches; then a summary of what was done.
 */
export function CancelSessionsPage() {
  const staff = useQuery(staffMeQuery);
  const timetable = useQuery({ ...staffTimetableQuery, enabled: staff.data?.role === 'manager' });
  return (
    <section aria-labelledby="cancel-sessions-heading" className="till">
      <h1 id="cancel-sessions-heading">Cancel sessions</h1>
      <p>
        <Link to="/timetable">Back to the timetable</Link>
      </p>
      {staff.isPending ? (
        <Spinner label="Loading" />
      ) : staff.data?.role !== 'manager' ? (
        <p>Only a manager can cancel sessions.</p>
      ) : timetable.isPending ? (
        <Spinner label="Loading the timetable" />
      ) : timetable.isError ? (
        <LoadFailed error={timetable.error} />
      ) : (
        <CancelSessions timetable={timetable.data} />
      )}
    </section>
  );
}
