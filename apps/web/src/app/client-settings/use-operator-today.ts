import { type CalendarDate, todayIn, todayWithin } from '@lido/pricing/calendar-date';
import { useClientSettings } from './get-client-settings.ts';

/**
 * Today's date where the operator is (architecture.md, "Database"): the server's `LIDO_TIME_ZONE`,
 * sent in the client settings, so the browser limits start dates and asks for prices on the same
 * day as the server checks them, wherever the browser is. The offset sent with it answers without
 * Intl's time-zone data while it holds (decision 0066).
 */
export function useOperatorToday(): CalendarDate {
  const { timeZone, timeZoneOffset } = useClientSettings();
  const now = new Date();
  return todayWithin(timeZoneOffset, now) ?? todayIn(timeZone, now);
}
