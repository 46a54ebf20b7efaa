import type { TimetableDay } from '@lido/contracts/activities';
import { type KeyboardEvent, useRef } from 'react';
import { dayLabel } from '../../i18n/dates.ts';
import { activitiesWords } from './words.ts';

/** "Tue 24 Nov" ("Maw 24 Tach" in Welsh) shown as "Tue" over "24 Nov". */
function splitLabel(label: string): [string, string] {
  const space = label.indexOf(' ');
  return space < 0 ? [label, ''] : [label.slice(0, space), label.slice(space + 1)];
}

/**
 * The week's days as toggle buttons (aria-pressed): the pressed one's sessions are listed below.
 * Every day is a Tab stop, as buttons are; the arrow keys, Home and End also move along the strip
 * and choose the day they reach, as a customer used to a date picker expects.
 */
export function WeekStrip({
  days,
  selected,
  controls,
  onSelect,
}: {
  days: Pick<TimetableDay, 'date' | 'label' | 'sessions'>[];
  selected: string;
  /** the id of the day's list the buttons change */
  controls: string;
  onSelect: (date: string) => void;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = days.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? Math.min(index + 1, last)
        : event.key === 'ArrowLeft'
          ? Math.max(index - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const day = days[next];
    if (!day) return;
    onSelect(day.date);
    buttons.current[next]?.focus();
  };
  return (
    <ul className="week-strip" aria-label={activitiesWords('days')}>
      {days.map((day, index) => {
        const [weekday, date] = splitLabel(dayLabel(day.date));
        const count = day.sessions.length;
        return (
          <li key={day.date}>
            <button
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              className="week-strip__day"
              aria-pressed={day.date === selected}
              aria-controls={controls}
              onClick={() => onSelect(day.date)}
              onKeyDown={(event) => move(event, index)}
            >
              <span className="week-strip__weekday">{weekday}</span> <span>{date}</span>
              <span className="week-strip__count">{activitiesWords('sessionCount', { count })}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
