import { prettyDate, todayIn } from '@lido/pricing/calendar-date';
import { useState } from 'react';
import { useClientSettings } from '../../../app/client-settings/get-client-settings.ts';
import { Link } from '../../../router/index.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { DayPicker } from '../till/day-picker.tsx';
import { LoadFailed } from '../till/load-failed.tsx';
import { deskTime } from '../till/till-format.ts';
import { useRegisterList } from './registers-api.ts';
import '../till/till.css';
import './registers.css';

/**
 * /registers on the staff site (issue 35 item 4, decision 0096): a centre's sessions on a day,
 * each with how many are booked and marked, and its register. A manager sees their own centres.
 */
export function RegistersPage() {
  const { timeZone } = useClientSettings();
  const [date, setDate] = useState(() => todayIn(timeZone, new Date()));
  const [centre, setCentre] = useState('');
  const list = useRegisterList(centre, date);
  const shownCentre = list.data?.centre ?? centre;
  const centreName = list.data?.centres.find((c) => c.slug === shownCentre)?.name ?? '';

  return (
    <section aria-labelledby="registers-heading" className="till registers">
      <h1 id="registers-heading">Registers</h1>
      <div className="till-toolbar">
        <div className="field">
          <label className="field__label" htmlFor="registers-centre">
            Centre
          </label>
          <select
            id="registers-centre"
            className="field__input"
            value={shownCentre}
            onChange={(event) => setCentre(event.target.value)}
          >
            {(list.data?.centres ?? []).map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <DayPicker date={date} onChange={setDate} />
      </div>
      {list.isPending ? (
        <Spinner label="Loading the sessions" />
      ) : list.isError ? (
        <LoadFailed error={list.error} />
      ) : list.data.sessions.length === 0 ? (
        <p>
          There are no sessions at {centreName} on {prettyDate(date)}.
        </p>
      ) : (
        <TableScroll label={`Sessions at ${centreName} on ${prettyDate(date)}`}>
          <table className="table">
            <caption>
              Sessions at {centreName} on {prettyDate(date)}
            </caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Activity</th>
                <th scope="col">Place</th>
                <th scope="col">Booked</th>
                <th scope="col">Marked</th>
                <th scope="col">Register</th>
              </tr>
            </thead>
            <tbody>
              {list.data.sessions.map((session) => (
                <tr key={session.id}>
                  <td>
                    {deskTime(session.startsAt, timeZone)} to {deskTime(session.endsAt, timeZone)}
                  </td>
                  <th scope="row">
                    {session.activityName}
                    {session.cancelled ? ' (cancelled)' : ''}
                  </th>
                  <td>{session.place}</td>
                  <td>
                    {session.booked} of {session.capacity}
                  </td>
                  <td>{session.marked}</td>
                  <td>
                    <Link to={`/registers/${session.id}`}>
                      Register
                      <span className="visually-hidden">
                        {' '}
                        for {session.activityName} at {deskTime(session.startsAt, timeZone)}
                      </span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
