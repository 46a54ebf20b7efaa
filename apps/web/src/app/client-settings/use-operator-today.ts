import { type CalendarDate, todayIn } from '@lido/pricing/calendar-date';
import { useClientSettings } from './get-client-settings.ts';

/**
 * Today's date where the operator is (architecture.md, "Database"): the server's `LIDO_TIME_ZONE`,
 * sent in the client settings, so the browser limits start dates and asks for prices on the same
 * day as the server checks them, wherever the browser is.
 */
export function useOperatorToday(): CalendarDate {
  return todayIn(useClientSettings().timeZone, new Date());
}
