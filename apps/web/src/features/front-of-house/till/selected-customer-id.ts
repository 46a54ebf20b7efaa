/** The customer the desk is serving, as the staff site keeps them (null when none is chosen). */
export { useSelectedCustomerId } from '../selected-customer.ts';

/** `?customer=7`: keeps the selected customer on the till's links. */
export const customerQuery = (customerId: number | null) =>
  customerId === null ? '' : `?customer=${customerId}`;

/** Where "Back to {customer}" goes: the staff site's page of the selected customer (foh-web's). */
export const customerPagePath = (customerId: number) => `/customers/${customerId}`;
