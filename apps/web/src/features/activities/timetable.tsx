import { type TimeOfDay, timesOfDay } from '@lido/contracts/activity-labels';
import { addDays, compareDates, isCalendarDate } from '@lido/pricing/calendar-date';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useSearchParams } from '../../router/index.ts';
import { useAuthState } from '../../app/session/session-store.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { dayLabel } from '../../i18n/dates.ts';
import { timetableQuery } from './get-timetable.ts';
import { gatingOpening, openingsQuery } from '../booking-openings/index.ts';
import { SessionItem } from './session-item.tsx';
import { type ChosenFilters, TimetableFilters } from './timetable-filters.tsx';
import { WeekStrip } from './week-strip.tsx';
import { activitiesWords } from './words.ts';

const dayListId = 'timetable-day';

/** The timetable's state lives in the address, so Back from a session returns to the same view. */
function useTimetableParams() {
  const [params, setParams] = useSearchParams();
  const read = (name: string) => params.get(name) ?? undefined;
  const from = read('from');
  const time = read('time');
  const state = {
    from: from && isCalendarDate(from) ? from : undefined,
    day: read('day'),
    category: read('category'),
    timeOfDay: time && (timesOfDay as readonly string[]).includes(time) ? (time as TimeOfDay) : undefined,
  };
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return { state, update };
}

/**
 * A centre's week of sessions (issue 17 item 2): the days as a strip, filters, then the chosen
 * day's sessions as a list. Prices and places are this customer's, from the server.
 */
export function Timetable({ slug }: { slug: string }) {
  const { state, update } = useTimetableParams();
  const { state: authState } = useAuthState();
  const dayHeading = useRef<HTMLHeadingElement>(null);
  const timetable = useQuery(
    timetableQuery(
      slug,
      { from: state.from, category: state.category, timeOfDay: state.timeOfDay },
      authState,
    ),
  );
  // Sessions an announced opening gates say when booking opens (decision 0098).
  const openings = useQuery(openingsQuery());
  if (timetable.isPending) return <Spinner label={activitiesWords('loadingTimetable')} />;
  if (timetable.isError)
    return (
      <p className="error-line" role="alert">
        {genericErrorLine(timetable.error instanceof ApiError ? timetable.error.status : null)}
      </p>
    );
  const data = timetable.data;
  const selected = data.days.find((day) => day.date === state.day) ?? data.days[0];
  const applied: ChosenFilters = { category: state.category, timeOfDay: state.timeOfDay };
  const filtered = applied.category !== undefined || applied.timeOfDay !== undefined;
  const clearFilters = () => {
    update({ category: undefined, time: undefined });
    // The button goes with the empty list it sits in: focus moves to the day's heading above it.
    dayHeading.current?.focus();
  };
  const earlier = addDays(data.from, -7);
  const canGoBack = compareDates(data.from, data.today) > 0;
  return (
    <div className="timetable" aria-busy={timetable.isFetching}>
      {data.bookingBlocked && (
        <div className="notice notice--warning" role="status">
          <p className="notice__title">{activitiesWords('cannotBookOnline')}</p>
          <p>{data.bookingBlocked}</p>
        </div>
      )}
      <TimetableFilters
        categories={data.categories}
        applied={applied}
        onApply={(filters) => update({ category: filters.category, time: filters.timeOfDay })}
      />
      <div className="timetable__weeks">
        <Button
          variant="secondary"
          size="sm"
          disabled={!canGoBack}
          onClick={() =>
            update({ from: compareDates(earlier, data.today) > 0 ? earlier : undefined, day: undefined })
          }
        >
          {activitiesWords('previousWeek')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => update({ from: addDays(data.from, 7), day: undefined })}
        >
          {activitiesWords('nextWeek')}
        </Button>
      </div>
      <WeekStrip
        days={data.days}
        selected={selected?.date ?? ''}
        controls={dayListId}
        onSelect={(date) => update({ day: date })}
      />
      {/* Says what the list now holds after a day or filter changes it, once, without moving focus. */}
      <p className="visually-hidden" role="status">
        {selected
          ? activitiesWords('sessionsOnDay', {
              count: selected.sessions.length,
              day: dayLabel(selected.date),
            })
          : ''}
      </p>
      {selected && (
        <section className="timetable__day" id={dayListId} aria-labelledby={`${dayListId}-heading`}>
          <h2 id={`${dayListId}-heading`} ref={dayHeading} tabIndex={-1}>
            {dayLabel(selected.date)}
          </h2>
          {selected.sessions.length > 0 ? (
            <ul className="session-list">
              {selected.sessions.map((session) => (
                <SessionItem
                  key={session.id}
                  session={session}
                  opening={gatingOpening(openings.data, {
                    activityId: session.activity.id,
                    venueId: data.venue.id,
                    date: session.date,
                  })}
                />
              ))}
            </ul>
          ) : filtered ? (
            <div className="timetable__empty">
              <p>{activitiesWords('noSessionsMatch')}</p>
              <Button variant="secondary" size="md" onClick={clearFilters}>
                {activitiesWords('clearFilters')}
              </Button>
            </div>
          ) : (
            <p className="timetable__empty">{activitiesWords('noSessionsOnDay')}</p>
          )}
        </section>
      )}
    </div>
  );
}
