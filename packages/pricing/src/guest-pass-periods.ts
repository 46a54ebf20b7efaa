import { addDays, addMonths, type CalendarDate, type Period, parseDate } from './calendar-date.ts';

/**
 * Guest pass periods (decision 0050): a membership's guest-pass allowance, `totalUses` per
 * `frequency`, is counted per calendar period of the operator's local date: a day, a week from
 * Monday, a calendar month or a calendar year. A pass counts in the period of the day the guest
 * visits, so booking next month's session spends next month's passes.
 */

export interface AllowancePeriod {
  start: CalendarDate;
  /** the last day of the period, inclusive */
  end: CalendarDate;
}

export function allowancePeriod(date: CalendarDate, frequency: Period): AllowancePeriod {
  const { year } = parseDate(date);
  switch (frequency) {
    case 'day':
      return { start: date, end: date };
    case 'week': {
      // getUTCDay: 0 is Sunday; weeks start on Monday.
      const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
      const start = addDays(date, -weekday);
      return { start, end: addDays(start, 6) };
    }
    case 'month': {
      const start = `${date.slice(0, 7)}-01`;
      return { start, end: addDays(addMonths(start, 1), -1) };
    }
    case 'year':
      return { start: `${year}-01-01`, end: `${year}-12-31` };
  }
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const shortDate = (date: CalendarDate) => {
  const { day, month } = parseDate(date);
  return `${day} ${monthNames[month - 1]}`;
};

/** How a period is named to the member: "November 2026", "the week from 23 November", "2026". */
export function periodName(period: AllowancePeriod, frequency: Period): string {
  const { year, month } = parseDate(period.start);
  switch (frequency) {
    case 'day':
      return `${shortDate(period.start)} ${year}`;
    case 'week':
      return `the week from ${shortDate(period.start)} ${year}`;
    case 'month':
      return `${monthNames[month - 1]} ${year}`;
    case 'year':
      return String(year);
  }
}

/** "2 guest passes a month", as the allowance is described. */
export function allowanceText(totalUses: number, frequency: Period): string {
  return `${totalUses} guest ${totalUses === 1 ? 'pass' : 'passes'} a ${frequency}`;
}
