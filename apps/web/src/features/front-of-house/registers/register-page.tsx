import type { RegisterEntry } from '@lido/contracts/registers';
import { strikeKindLabels } from '@lido/contracts/registers';
import { prettyDate } from '@lido/pricing/calendar-date';
import { zonedFormat } from '@lido/pricing/calendar-date';
import { useState } from 'react';
import { useClientSettings } from '../../../app/client-settings/get-client-settings.ts';
import { Link, useParams } from '../../../router/index.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { useSelectedCustomerId } from '../selected-customer.ts';
import { LoadFailed } from '../till/load-failed.tsx';
import { deskTime } from '../till/till-format.ts';
import { useMark, useRegister } from './registers-api.ts';
import { RemoveStrikeForm } from './remove-strike-form.tsx';
import '../till/till.css';
import './registers.css';

const bookedAs = (entry: RegisterEntry) =>
  entry.who === 'customer'
    ? 'Customer'
    : `${entry.who === 'guest' ? 'Guest' : 'Family member'} of ${entry.bookedBy ?? 'a customer'}`;

const waiverWords = { signed: 'Signed', 'not needed': 'Not needed', missing: 'Not signed' } as const;

/**
 * /registers/{sessionId} (issue 35 items 4 and 6, decision 0096): who is booked, printable; desk
 * staff mark each attended or no-show (a manager at their own centres); a manager of the centre
 * removes a strike with a reason; a walk-in is sold on the session page and paid at the till.
 */
export function RegisterPage() {
  const { sessionId = '' } = useParams();
  const id = Number(sessionId);
  const { timeZone } = useClientSettings();
  const register = useRegister(id);
  const mark = useMark(id);
  const selected = useSelectedCustomerId();
  const [said, setSaid] = useState('');
  const [removing, setRemoving] = useState<RegisterEntry | null>(null);
  const [failed, setFailed] = useState('');

  if (register.isPending) return <Spinner label="Loading the register" />;
  if (register.isError) return <LoadFailed error={register.error} />;
  const { session, entries, canMark, canRemoveStrikes } = register.data;
  const day = zonedFormat('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(session.startsAt),
  );
  const when = `${prettyDate(day)}, ${deskTime(session.startsAt, timeZone)} to ${deskTime(session.endsAt, timeZone)}`;
  const places = entries.reduce((sum, entry) => sum + entry.places, 0);

  const onMark = (entry: RegisterEntry, status: 'attended' | 'no-show') => {
    setFailed('');
    mark.mutate(
      { bookingId: entry.bookingId, status },
      {
        onSuccess: (marked) =>
          setSaid(
            `${entry.name} marked ${status === 'attended' ? 'attended' : 'a no-show'}.` +
              (marked.blockedUntil
                ? ' Online booking is now stopped for them: they have been emailed why.'
                : ''),
          ),
        onError: (error) => setFailed(error instanceof Error ? error.message : 'That did not work.'),
      },
    );
  };

  return (
    <section aria-labelledby="register-heading" className="till register">
      <h1 id="register-heading">Register: {session.activityName}</h1>
      <p className="register__when">
        {when} · {session.place} · {session.centre.name}
        {session.instructor ? ` · ${session.instructor}` : ''}
        {session.cancelled ? ' · Cancelled' : ''}
      </p>
      <p>
        {places} of {session.capacity} places booked.
      </p>
      <div className="register__actions">
        <Button variant="secondary" size="md" onClick={() => window.print()}>
          Print the register
        </Button>
        <Link to="/registers">Back to the registers</Link>
      </div>
      <div className="register__walk-in">
        <h2>Add a walk-in</h2>
        {selected === null ? (
          <p>
            <Link to="/">Find the customer</Link> (or create them under New customer) and select them, then
            come back here to add their place.
          </p>
        ) : (
          <p>
            <Link to={`/sessions/${id}`}>Add a place for the selected customer</Link>: it goes into their
            basket, and is paid at the till like any other.
          </p>
        )}
      </div>
      <p role="status" className="register__said">
        {said}
      </p>
      {failed && (
        <p className="error-line" role="alert">
          {failed}
        </p>
      )}
      {entries.length === 0 ? (
        <p>Nobody is booked on this session yet.</p>
      ) : (
        <TableScroll label={`Booked on ${session.activityName}, ${when}`}>
          <table className="table register__table">
            <caption>
              Booked on {session.activityName}, {when}
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Customer ID</th>
                <th scope="col">Age band</th>
                <th scope="col">Booked as</th>
                <th scope="col">Places</th>
                <th scope="col">Waiver</th>
                <th scope="col">Note</th>
                <th scope="col">Came?</th>
                <th scope="col">Strike</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.bookingId}>
                  <th scope="row" id={`register-entry-${entry.bookingId}`} tabIndex={-1}>
                    {entry.name}
                  </th>
                  <td>{entry.customerReference}</td>
                  <td>{entry.ageBand}</td>
                  <td>{bookedAs(entry)}</td>
                  <td>{entry.places}</td>
                  <td>{waiverWords[entry.waiver]}</td>
                  <td>{entry.note ?? ''}</td>
                  <td>
                    <span className="register__mark-text">
                      {entry.attendance === 'attended'
                        ? 'Attended'
                        : entry.attendance === 'no-show'
                          ? 'No-show'
                          : ''}
                    </span>
                    {canMark && (
                      <div className="register__mark" role="group" aria-label={`Did ${entry.name} come?`}>
                        <Button
                          variant={entry.attendance === 'attended' ? 'primary' : 'secondary'}
                          size="sm"
                          aria-pressed={entry.attendance === 'attended'}
                          disabled={mark.isPending}
                          onClick={() => onMark(entry, 'attended')}
                        >
                          Attended
                        </Button>
                        <Button
                          variant={entry.attendance === 'no-show' ? 'primary' : 'secondary'}
                          size="sm"
                          aria-pressed={entry.attendance === 'no-show'}
                          disabled={mark.isPending}
                          onClick={() => onMark(entry, 'no-show')}
                        >
                          No-show
                        </Button>
                      </div>
                    )}
                  </td>
                  <td>
                    {entry.strike === null
                      ? 'None'
                      : entry.strike.removed
                        ? `${strikeKindLabels[entry.strike.kind]}: removed${entry.strike.removedReason ? ` (${entry.strike.removedReason})` : ''}`
                        : strikeKindLabels[entry.strike.kind]}
                    {canRemoveStrikes && entry.strike && !entry.strike.removed && (
                      <Button
                        variant="link"
                        size="sm"
                        className="register__remove"
                        onClick={() => setRemoving(entry)}
                      >
                        Remove strike<span className="visually-hidden"> from {entry.name}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {removing && removing.strike && (
        <RemoveStrikeForm
          name={removing.name}
          kind={removing.strike.kind}
          strikeId={removing.strike.id}
          onDone={(removed) => {
            setRemoving(null);
            if (removed) setSaid(`The strike is removed from ${removing.name}.`);
            // The form goes: focus to the row it was about, never to the page.
            requestAnimationFrame(() =>
              document.getElementById(`register-entry-${removing.bookingId}`)?.focus(),
            );
          }}
        />
      )}
    </section>
  );
}
