import type { DeskCustomer } from '@lido/contracts/front-of-house';

export const customerName = (customer: Pick<DeskCustomer, 'firstName' | 'lastName'>) =>
  `${customer.firstName} ${customer.lastName}`;

/** A date of birth as the desk reads it aloud to check: "12 March 1990". */
export function prettyDateOfBirth(date: string | null): string {
  if (!date) return 'Not given';
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}
