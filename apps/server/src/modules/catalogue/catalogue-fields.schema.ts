import { z } from 'zod';

/**
 * The field types every section of an operator's catalogue file shares (memberships, promotions
 * and activities alike), so a key, a name, a price or a date is checked and worded the same way
 * wherever it appears.
 */

export const key = z
  .string({ error: 'must be text' })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'must be lower-case letters, numbers and hyphens' });
export const text = z.string({ error: 'must be text' }).trim().min(1, { error: 'must not be empty' });
export const pence = z
  .number({ error: 'must be a whole number of pence' })
  .int({ error: 'must be a whole number of pence' })
  .min(0, { error: 'must not be negative' })
  .max(10_000_000, { error: 'must be at most 10000000 (£100,000.00)' });
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
