import { oneOffSessionBodySchema, weeklySeriesSchema } from '@lido/contracts/timetable';
import type { z } from 'zod';

/** The form's labels, as the server words a problem: "Capacity must be at least 1 place." */
const fieldLabels: Record<string, string> = {
  key: 'Key',
  activity: 'Activity',
  venue: 'Centre',
  location: 'Place',
  days: 'Days',
  times: 'Start times',
  durationMinutes: 'Duration (minutes)',
  capacity: 'Capacity',
  instructor: 'Instructor',
  validFrom: 'First day',
  validTo: 'Last day',
  minAge: 'Youngest age',
  maxAge: 'Oldest age',
  waiverRequired: 'Waiver',
  waiverText: 'Waiver text',
  cancellationCutoffMinutes: 'Cancellation cut-off in minutes',
  prices: 'Prices',
  date: 'Date',
  time: 'Start time',
};

/** A problem in the form's words: the server's "must be…" gets the field's label in front. */
export const worded = (field: string, message: string) =>
  /^[a-z]/.test(message) ? `${fieldLabels[field] ?? 'The session'} ${message}.` : message;

function labelledErrors(schema: z.ZodType, value: unknown): Record<string, string[]> | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'key');
    errors[field] = [...(errors[field] ?? []), worded(field, issue.message)];
  }
  return errors;
}

/** The catalogue file's one schema, checked before sending (the server checks it again, and the rest). */
export const schemaErrors = (series: unknown) => labelledErrors(weeklySeriesSchema, series);

/** The one-off session call's schema, checked before sending, in the form's words. */
export const oneOffErrors = (body: unknown) => labelledErrors(oneOffSessionBodySchema, body);

export const fieldIds: Record<string, string> = {
  key: 'series-key',
  activity: 'series-activity',
  venue: 'series-venue',
  location: 'series-location',
  days: 'series-day-mon',
  times: 'series-times',
  durationMinutes: 'series-duration',
  capacity: 'series-capacity',
  instructor: 'series-instructor',
  validFrom: 'series-valid-from',
  validTo: 'series-valid-to',
  minAge: 'series-min-age',
  maxAge: 'series-max-age',
  waiverRequired: 'series-waiver',
  waiverText: 'series-waiver-text',
  cancellationCutoffMinutes: 'series-cutoff',
  series: 'series-key',
};
