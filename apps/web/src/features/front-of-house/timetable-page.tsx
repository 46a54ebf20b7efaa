import type { SeriesView } from '@lido/contracts/timetable';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/api-client.ts';
import { Link } from '../../router/index.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { staffMeQuery, staffTimetableQuery, useSaveSeries } from './staff-api.ts';
import { LoadFailed } from './till/load-failed.tsx';
import { OneOffSessionForm } from './timetable-one-off-form.tsx';
import { SeriesForm } from './timetable-series-form.tsx';
import { SeriesTable } from './timetable-series-table.tsx';
import './till/till.css';

function ManagerTimetable() {
  const timetable = useQuery(staffTimetableQuery);
  const symbol = useQuery(staffMeQuery).data?.currencySymbol ?? '£';
  const [editing, setEditing] = useState<SeriesView | 'new' | 'one-off' | null>(null);
  const [message, setMessage] = useState('');
  const retire = useSaveSeries();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Back from the form, focus goes to the list's heading (the form and its button are gone).
  const focusList = useRef(false);
  useEffect(() => {
    if (focusList.current && editing === null) {
      headingRef.current?.focus();
      focusList.current = false;
    }
  }, [editing]);
  if (timetable.isPending) return <Spinner label="Loading the timetable" />;
  if (timetable.isError) return <LoadFailed error={timetable.error} />;
  const done = (text: string) => {
    setEditing(null);
    setMessage(text);
    focusList.current = true;
    // Retired from the list itself: the row's buttons are gone, so focus goes to the heading now.
    if (editing === null) headingRef.current?.focus();
  };
  return (
    <>
      <p role="status" className={message ? '' : 'visually-hidden'}>
        {message}
      </p>
      {retire.error instanceof ApiError && (
        <p className="error-line" role="alert">
          {retire.error.message}
        </p>
      )}
      {editing === 'one-off' ? (
        <OneOffSessionForm timetable={timetable.data} onDone={done} />
      ) : editing ? (
        <SeriesForm
          key={editing === 'new' ? 'new' : editing.series.key}
          timetable={timetable.data}
          editing={editing === 'new' ? null : editing}
          onDone={done}
        />
      ) : (
        <>
          <h2 ref={headingRef} tabIndex={-1}>
            Weekly series
          </h2>
          <div className="till-toolbar">
            <Button variant="primary" size="md" onClick={() => setEditing('new')}>
              Add a weekly series
            </Button>
            <Button variant="secondary" size="md" onClick={() => setEditing('one-off')}>
              Add a one-off session
            </Button>
            <Link to="/timetable/cancel">Cancel sessions</Link>
            <Link to="/timetable/openings">Booking openings</Link>
          </div>
          <SeriesTable
            symbol={symbol}
            series={timetable.data.series}
            onChange={(view) => {
              setMessage('');
              setEditing(view);
            }}
            onRetire={(view) =>
              retire.mutate(
                { series: view.series, version: view.version, retire: true },
                {
                  onSuccess: (saved) =>
                    done(
                      `Retired ${view.series.key}: ${saved.sessionsRemoved} sessions without bookings removed.`,
                    ),
                },
              )
            }
          />
        </>
      )}
    </>
  );
}

/**
 * /timetable on the staff site (a manager's, issue 35 item 2, decision 0092): the weekly series at
 * the centres they manage, added, changed and retired, and one-off sessions added; the one schema of
 * the catalogue file checks each save on the server.
 */
export function StaffTimetableManagerPage() {
  const staff = useQuery(staffMeQuery);
  return (
    <section aria-labelledby="timetable-heading" className="till">
      <h1 id="timetable-heading">Timetable</h1>
      {staff.isPending ? (
        <Spinner label="Loading" />
      ) : staff.data?.role !== 'manager' ? (
        <p>Only a manager can change the timetable.</p>
      ) : (
        <ManagerTimetable />
      )}
    </section>
  );
}
