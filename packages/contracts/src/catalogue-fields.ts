import { z } from 'zod';

/**
 * The field types the catalogue file and the staff site's timetable share (decision 0092): a key, a
 * name or a date is checked and worded the same way wherever it is given.
 */
export const key = z
  .string({ error: 'must be text' })
  .max(80, { error: 'must be at most 80 characters' })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'must be lower-case letters, numbers and hyphens' });
export const text = z.string({ error: 'must be text' }).trim().min(1, { error: 'must not be empty' });
export const isoDate = z
  .string({ error: 'must be a date such as 2027-01-31' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date such as 2027-01-31' })
  .refine(
    // A month or day out of range is an invalid Date, whose toISOString would throw.
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    { error: 'is not a real calendar date' },
  );

export const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be a whole number from ${min} to ${max}` })
    .max(max, { error: `must be a whole number from ${min} to ${max}` });
export const clockTime = z
  .string({ error: 'must be a time such as 09:30' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time such as 09:30 (24-hour clock)' });
export const yesNo = z.boolean({ error: 'must be true or false' });
/** An amount of money in pence, as the catalogue file gives every price. */
export const pence = z
  .number({ error: 'must be a whole number of pence' })
  .int({ error: 'must be a whole number of pence' })
  .min(0, { error: 'must not be negative' })
  .max(10_000_000, { error: 'must be at most 10000000 (£100,000.00)' });

/** A waiver's words, as the customer reads them before agreeing: a page of text at most. */
export const waiverWording = z
  .string({ error: 'must be text' })
  .max(5000, { error: 'must be at most 5,000 characters' });
