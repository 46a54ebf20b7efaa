import { ApiError } from '../../lib/api/api-client.ts';
import { joiningWords } from './words.ts';

/** The server's messages for the fields the dates section owns (joining spec §5). */
export interface DateFieldMessages {
  startDate?: string[] | undefined;
  billingDay?: string[] | undefined;
}

/**
 * What a failed costs call means on the joining page: the server's start-date and billing-day
 * messages go under those fields; a price that could not be worked out for any other reason is
 * "Could not calculate price." in the payment summary.
 */
export function costsProblems(error: unknown): { fields: DateFieldMessages; price: string | null } {
  if (!error) return { fields: {}, price: null };
  // Platform spec §8: a price the server could not work out.
  return { fields: dateFieldMessages(error), price: joiningWords('priceNotCalculated') };
}

/** A failed call's start-date and billing-day messages (a 422's), if it has any. */
export function dateFieldMessages(error: unknown): DateFieldMessages {
  const messages = error instanceof ApiError ? (error.validationMessages ?? {}) : {};
  const fields: DateFieldMessages = {};
  if (messages.startDate?.length) fields.startDate = messages.startDate;
  if (messages.billingDay?.length) fields.billingDay = messages.billingDay;
  return fields;
}
