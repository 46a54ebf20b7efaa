import { openingFieldLabels, type StaffOpening, type StaffOpenings } from '@lido/contracts/booking-openings';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary } from '../../../ui/error-summary.tsx';
import { SelectField, TextField } from '../../../ui/form-fields.tsx';
import { useAnnounceOpening } from './openings-api.ts';

type Field = keyof typeof openingFieldLabels;
type Draft = Record<Exclude<Field, 'key'>, string>;

const fieldId = (field: string) => `opening-${field}`;

const emptyDraft = (openings: StaffOpenings): Draft => ({
  name: '',
  activity: '',
  venue: openings.centres[0]?.slug ?? '',
  sessionsFrom: '',
  sessionsTo: '',
  opensOn: '',
  opensAt: '07:00',
  waitingRoomMinutes: '15',
  queueMinutes: '120',
  idleMinutes: '3',
  letInPerMinute: '',
});

const draftOf = ({ entry }: StaffOpening): Draft => ({
  name: entry.name,
  activity: entry.activity ?? '',
  venue: entry.venue ?? '',
  sessionsFrom: entry.sessionsFrom,
  sessionsTo: entry.sessionsTo,
  opensOn: entry.opensOn,
  opensAt: entry.opensAt,
  waitingRoomMinutes: String(entry.waitingRoomMinutes),
  queueMinutes: String(entry.queueMinutes),
  idleMinutes: String(entry.idleMinutes),
  letInPerMinute: entry.letInPerMinute === undefined ? '' : String(entry.letInPerMinute),
});

/** A new opening's key, as the catalogue file names it: from its name and the day it opens. */
const keyFor = (draft: Draft) =>
  `${draft.name}-${draft.opensOn}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'opening';

/** Numbers as numbers (an empty optional one left out); the server checks the rest with the file's schema. */
function entryOf(draft: Draft, key: string): Record<string, unknown> {
  const number = (value: string) => (value.trim() === '' ? value : Number(value));
  return {
    key,
    name: draft.name,
    ...(draft.activity ? { activity: draft.activity } : {}),
    venue: draft.venue,
    sessionsFrom: draft.sessionsFrom,
    sessionsTo: draft.sessionsTo,
    opensOn: draft.opensOn,
    opensAt: draft.opensAt,
    waitingRoomMinutes: number(draft.waitingRoomMinutes),
    queueMinutes: number(draft.queueMinutes),
    idleMinutes: number(draft.idleMinutes),
    ...(draft.letInPerMinute.trim() === '' ? {} : { letInPerMinute: number(draft.letInPerMinute) }),
  };
}

/**
 * Announcing or changing a booking opening (issue 39 item 1, decision 0098): the catalogue file's
 * entry as a form, checked on the server by the file's schema, its messages beside each field.
 */
export function OpeningForm({
  openings,
  editing,
  onDone,
  onCancel,
}: {
  openings: StaffOpenings;
  editing: StaffOpening | null;
  onDone: (saved: StaffOpening) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => (editing ? draftOf(editing) : emptyDraft(openings)));
  const announce = useAnnounceOpening();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form replaces the list: focus moves to its heading.
  useEffect(() => heading.current?.focus(), []);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: event.target.value });
  const errors =
    announce.error instanceof ApiError && announce.error.validationMessages
      ? announce.error.validationMessages
      : {};
  const errorOf = (field: Field) => errors[field]?.[0];
  const summary = Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((message) => ({ fieldId: fieldId(field === 'key' ? 'name' : field), message })),
  );
  const refusal =
    announce.error instanceof ApiError && !announce.error.validationMessages ? announce.error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (announce.isPending) return;
    announce.mutate(entryOf(draft, editing?.entry.key ?? keyFor(draft)), { onSuccess: onDone });
  };
  const text = (field: keyof Draft, type: string, hint?: string) => (
    <TextField
      id={fieldId(field)}
      label={openingFieldLabels[field]}
      type={type}
      value={draft[field]}
      onChange={set(field)}
      error={errorOf(field)}
      {...(hint ? { hint } : {})}
      {...(type === 'number' ? { inputMode: 'numeric' as const } : {})}
    />
  );

  return (
    <form className="panel panel--wide" onSubmit={submit} noValidate aria-labelledby="opening-form-heading">
      <h2 id="opening-form-heading" ref={heading} tabIndex={-1}>
        {editing ? `Change ${editing.entry.name}` : 'Announce an opening'}
      </h2>
      {summary.length > 0 && <ErrorSummary errors={summary} />}
      {refusal && (
        <p className="error-line" role="alert">
          {refusal}
        </p>
      )}
      {text(
        'name',
        'text',
        'What customers see in the waiting room, such as “Swimming lessons, spring term”.',
      )}
      <SelectField
        id={fieldId('venue')}
        label={openingFieldLabels.venue}
        value={draft.venue}
        onChange={set('venue')}
        error={errorOf('venue')}
        options={openings.centres.map((centre) => ({ value: centre.slug, label: centre.name }))}
      />
      <SelectField
        id={fieldId('activity')}
        label={openingFieldLabels.activity}
        hint="The sessions that open: one activity, or every activity at the centre."
        value={draft.activity}
        onChange={set('activity')}
        error={errorOf('activity')}
        options={[
          { value: '', label: 'Every activity' },
          ...openings.activities.map((activity) => ({ value: activity.key, label: activity.name })),
        ]}
      />
      {text('sessionsFrom', 'date')}
      {text('sessionsTo', 'date')}
      {text('opensOn', 'date')}
      {text('opensAt', 'time', '24-hour clock, such as 07:00.')}
      {text(
        'waitingRoomMinutes',
        'number',
        'Everyone in the waiting room by the opening is given a place in the queue at random.',
      )}
      {text('queueMinutes', 'number', 'After this the sessions are on ordinary sale.')}
      {text(
        'idleMinutes',
        'number',
        'Someone let in who adds nothing to their basket for this long loses their turn.',
      )}
      {text(
        'letInPerMinute',
        'number',
        'Leave empty to let people in as fast as bookings are being taken, as measured.',
      )}
      <div className="form__actions">
        <Button type="submit" variant="primary" size="md">
          {announce.isPending ? 'Saving…' : editing ? 'Save changes' : 'Announce'}
        </Button>
        <Button variant="secondary" size="md" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
