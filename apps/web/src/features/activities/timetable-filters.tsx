import type { ActivityCategory } from '@lido/contracts/activity-answers';
import { type TimeOfDay, timesOfDay } from '@lido/contracts/activity-labels';
import { type FormEvent, useRef, useState } from 'react';
import { useResetOn } from '../../lib/forms/use-reset-on.ts';
import { Button } from '../../ui/button.tsx';
import { activitiesWords } from './words.ts';

export interface ChosenFilters {
  category: string | undefined;
  timeOfDay: TimeOfDay | undefined;
}

/**
 * The timetable's filters as a form: choosing in a select changes nothing until "Show sessions"
 * (WCAG 3.2.2: no change of context on input), so a keyboard or screen reader user can look
 * through the options first. "Clear filters" shows every session again.
 */
export function TimetableFilters({
  categories,
  applied,
  onApply,
}: {
  categories: ActivityCategory[];
  applied: ChosenFilters;
  onApply: (filters: ChosenFilters) => void;
}) {
  const [category, setCategory] = useState(applied.category ?? '');
  const [timeOfDay, setTimeOfDay] = useState<string>(applied.timeOfDay ?? '');
  // When the address changes the filters (Back, or "Clear filters" below the list), the form shows
  // what is applied.
  useResetOn(`${applied.category ?? ''}|${applied.timeOfDay ?? ''}`, () => {
    setCategory(applied.category ?? '');
    setTimeOfDay(applied.timeOfDay ?? '');
  });
  const showSessions = useRef<HTMLButtonElement>(null);
  const filtered = applied.category !== undefined || applied.timeOfDay !== undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      category: category || undefined,
      timeOfDay: (timesOfDay as readonly string[]).includes(timeOfDay) ? (timeOfDay as TimeOfDay) : undefined,
    });
  };
  return (
    <form className="timetable-filters" aria-label={activitiesWords('filterSessions')} onSubmit={submit}>
      <div className="field">
        <label className="field__label" htmlFor="filter-category">
          {activitiesWords('activity')}
        </label>
        <select
          id="filter-category"
          className="field__input"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
        >
          <option value="">{activitiesWords('allActivities')}</option>
          {categories.map((item) => (
            <option key={item.key} value={item.key}>
              {item.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="filter-time">
          {activitiesWords('timeOfDay')}
        </label>
        <select
          id="filter-time"
          className="field__input"
          value={timeOfDay}
          onChange={(event) => setTimeOfDay(event.target.value)}
        >
          <option value="">{activitiesWords('anyTime')}</option>
          {timesOfDay.map((time) => (
            <option key={time} value={time}>
              {activitiesWords(`timeOfDay.${time}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="timetable-filters__actions">
        <Button ref={showSessions} type="submit" variant="primary" size="md">
          {activitiesWords('showSessions')}
        </Button>
        {filtered && (
          <Button
            variant="secondary"
            size="md"
            onClick={() => {
              setCategory('');
              setTimeOfDay('');
              onApply({ category: undefined, timeOfDay: undefined });
              // This button goes with the filters: focus moves to the one beside it.
              showSessions.current?.focus();
            }}
          >
            {activitiesWords('clearFilters')}
          </Button>
        )}
      </div>
    </form>
  );
}
