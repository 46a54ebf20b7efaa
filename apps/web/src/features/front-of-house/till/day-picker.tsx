import { datePartsProblem, dateFromParts, partsFromDate } from '@lido/contracts/date-input';
import { useState } from 'react';
import { DateInput, type DateParts } from '../../../ui/date-input.tsx';

/**
 * The day a list is for, in GOV.UK's date input like every date Lido asks for (decision 0083): the
 * list follows as soon as the three fields make a real day; leaving them half typed says what is
 * missing.
 */
export function DayPicker({ date, onChange }: { date: string; onChange: (date: string) => void }) {
  const [parts, setParts] = useState<DateParts>(() => partsFromDate(date));
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <DateInput
      id="till-day"
      legend="Date"
      hint={`For example, ${Object.values(partsFromDate(date)).join(' ')}`}
      error={problem ?? undefined}
      value={parts}
      onChange={(typed) => {
        setParts(typed);
        setProblem(null);
        const day = dateFromParts(typed.day, typed.month, typed.year);
        if (day && day !== date) onChange(day);
      }}
      onLeave={() =>
        setProblem(
          datePartsProblem('Date', parts) ??
            (dateFromParts(parts.day, parts.month, parts.year) ? null : 'Enter a date.'),
        )
      }
    />
  );
}
