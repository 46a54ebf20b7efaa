import type { CalendarDate } from './calendar-date.ts';

/**
 * The words pricing's sentences are made of, in one language (issue 38, decision 0110): the
 * catalogue's "pricing" messages and dates said the same way. The pages pass their namespace and
 * the server the customer's language, so a charge is explained in the words of whoever reads it.
 */
export interface PricingWords {
  /** a "pricing" message by its key: `pricing('feeJoining')` is "Setup fee" in English */
  pricing: (key: string, values?: Record<string, unknown>) => string;
  /** "05 Dec 2026" in the same language */
  prettyDate: (date: CalendarDate) => string;
}
