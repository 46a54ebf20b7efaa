import { addDays, type CalendarDate, compareDates } from './calendar-date.ts';
import { isWorkingDay } from './working-days.ts';

/**
 * When a single payment membership's renewal reminder goes out (issue 22 item 5): `reminderDays`
 * before its last day, moved earlier to a working day when that falls on a weekend or a bank
 * holiday, so it is never later than promised and the centre is open to answer questions.
 */
export function renewalReminderDate(endDate: CalendarDate, reminderDays: number): CalendarDate {
  let date = addDays(endDate, -reminderDays);
  while (!isWorkingDay(date)) date = addDays(date, -1);
  return date;
}

/** Due today: from its reminder date until the membership's last day (a missed run catches up). */
export function renewalReminderDue(
  endDate: CalendarDate,
  reminderDays: number,
  today: CalendarDate,
): boolean {
  return (
    compareDates(renewalReminderDate(endDate, reminderDays), today) <= 0 && compareDates(today, endDate) <= 0
  );
}
