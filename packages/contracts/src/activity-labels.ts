/**
 * Price bands and times of day with the words they are shown with. Free of zod, so the browser's
 * first routes can import them without the schema library (issue 20).
 */

export const priceBands = ['adult', 'junior', 'concession', 'member'] as const;
export type PriceBandName = (typeof priceBands)[number];

/** The words a price band is shown with. */
export const priceBandLabels: Record<PriceBandName, string> = {
  adult: 'Adult',
  junior: 'Junior',
  concession: 'Concession',
  member: 'Member',
};

export const timesOfDay = ['morning', 'afternoon', 'evening'] as const;
export type TimeOfDay = (typeof timesOfDay)[number];

/** Morning is before 12:00, afternoon before 17:00, evening the rest (operator's local time). */
export const timeOfDayLabels: Record<TimeOfDay, string> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
};
