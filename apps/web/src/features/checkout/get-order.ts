import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

interface Money {
  formatted: string;
  decimal: string;
  raw: { amount: number; currency: string };
}

export interface OrderItem {
  kind: 'membership' | 'membership_renewal' | 'membership_change';
  name: string;
  categories: string[];
  homeVenue: { name: string };
  paymentType: 'recurring' | 'fixed' | null;
  fixedDuration: number | null;
  fixedPeriod: string | null;
  startDate: string | null;
  endDate: string | null;
  requiresEligibility: boolean;
  baseFee: { type: string; price: Money } | null;
  fees: { label: string; type: string; price: Money }[];
  total: Money;
}

export interface Order {
  id: number;
  reference: string;
  orderType: string;
  tax: Money;
  total: Money;
  items: OrderItem[];
}

/** GET orders/{orderId}: the customer's own order, as the order-confirmed page reads it. */
export const orderQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['auth', 'order', orderId],
    queryFn: ({ signal }) => apiGet<Order>(`orders/${encodeURIComponent(orderId)}`, undefined, signal),
    retry: false,
  });

export function useOrder(orderId: string) {
  return useQuery(orderQuery(orderId));
}
