import type { StaffOpening, StaffOpenings } from '@lido/contracts/booking-openings';
import { prettyDate } from '@lido/pricing/calendar-date';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api/api-client.ts';
import { useFocusAfterRender } from '../../../lib/focus/use-focus-after-render.ts';
import { Link } from '../../../router/index.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { staffMeQuery } from '../staff-api.ts';
import { LoadFailed } from '../till/load-failed.tsx';
import { OpeningForm } from './opening-form.tsx';
import { staffOpeningsQuery, useWithdrawOpening } from './openings-api.ts';
import '../till/till.css';

const stateWords: Record<StaffOpening['opening']['state'], string> = {
  announced: 'Announced',
  lobby: 'Waiting room open',
  open: 'Open: letting people in',
  ended: 'Over',
};

/** The openings at a manager's centres, each with Change and Withdraw until its waiting room opens. */
function OpeningsTable({
  openings,
  onChange,
  onWithdraw,
}: {
  openings: StaffOpening[];
  onChange: (opening: StaffOpening) => void;
  onWithdraw: (opening: StaffOpening) => void;
}) {
  if (openings.length === 0) return <p>No booking openings are announced.</p>;
  return (
    <TableScroll label="Booking openings">
      <table className="table">
        <caption>Booking openings</caption>
        <thead>
          <tr>
            <th scope="col">Opening</th>
            <th scope="col">Sessions</th>
            <th scope="col">Opens</th>
            <th scope="col">Queue</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {openings.map((row) => (
            <tr key={row.entry.key}>
              <th scope="row">{row.entry.name}</th>
              <td>
                {row.activityName ?? 'Every activity'} at {row.centreName ?? 'every centre'},{' '}
                {prettyDate(row.entry.sessionsFrom)} to {prettyDate(row.entry.sessionsTo)}
              </td>
              <td>
                {row.opening.opensText.replace(/^Booking opens /, '')}
                <br />
                {stateWords[row.opening.state]}
              </td>
              <td>
                {row.waiting} waiting, {row.admitted} let in, {row.reminders} asked for a reminder
              </td>
              <td>
                {row.editable ? (
                  <div className="till-toolbar">
                    <Button variant="secondary" size="sm" onClick={() => onChange(row)}>
                      Change<span className="visually-hidden"> {row.entry.name}</span>
                    </Button>
                    <Button variant="secondary" size="sm" onClick={() => onWithdraw(row)}>
                      Withdraw<span className="visually-hidden"> {row.entry.name}</span>
                    </Button>
                  </div>
                ) : (
                  'Its waiting room has opened'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function ManagerOpenings({ openings }: { openings: StaffOpenings }) {
  const [editing, setEditing] = useState<StaffOpening | 'new' | null>(null);
  const [message, setMessage] = useState('');
  const withdraw = useWithdrawOpening();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useFocusAfterRender();
  // The form or the row's buttons are gone: focus goes to the list's heading.
  const backToList = (text: string) => {
    setEditing(null);
    setMessage(text);
    focusAfterRender(() => heading.current);
  };
  return (
    <>
      <p role="status" className={message ? '' : 'visually-hidden'}>
        {message}
      </p>
      {withdraw.error instanceof ApiError && (
        <p className="error-line" role="alert">
          {withdraw.error.message}
        </p>
      )}
      {editing ? (
        <OpeningForm
          key={editing === 'new' ? 'new' : editing.entry.key}
          openings={openings}
          editing={editing === 'new' ? null : editing}
          onDone={(saved) =>
            backToList(
              `${editing === 'new' ? 'Announced' : 'Saved'} ${saved.entry.name}: ${saved.opening.opensText}.`,
            )
          }
          onCancel={() => backToList('')}
        />
      ) : (
        <>
          <h2 ref={heading} tabIndex={-1}>
            Openings
          </h2>
          <div className="till-toolbar">
            <Button
              variant="primary"
              size="md"
              onClick={() => {
                setMessage('');
                setEditing('new');
              }}
            >
              Announce an opening
            </Button>
            <Link to="/timetable">Timetable</Link>
          </div>
          <OpeningsTable
            openings={openings.openings}
            onChange={(row) => {
              setMessage('');
              setEditing(row);
            }}
            onWithdraw={(row) =>
              withdraw.mutate(row.entry.key, { onSuccess: () => backToList(`Withdrew ${row.entry.name}.`) })
            }
          />
        </>
      )}
    </>
  );
}

/**
 * /timetable/openings on the staff site (a manager's, issue 39 item 1, decision 0098): when
 * programmes open for booking, with a fair waiting room; customers see "Booking opens…" and can ask
 * to be reminded.
 */
export function BookingOpeningsPage() {
  const staff = useQuery(staffMeQuery);
  const openings = useQuery({ ...staffOpeningsQuery, enabled: staff.data?.role === 'manager' });
  return (
    <section aria-labelledby="openings-heading" className="till">
      <h1 id="openings-heading">Booking openings</h1>
      {staff.isPending ? (
        <Spinner label="Loading" />
      ) : staff.data?.role !== 'manager' ? (
        <p>Only a manager can announce booking openings.</p>
      ) : openings.isPending ? (
        <Spinner label="Loading the openings" />
      ) : openings.isError ? (
        <LoadFailed error={openings.error} />
      ) : (
        <ManagerOpenings openings={openings.data} />
      )}
    </section>
  );
}
