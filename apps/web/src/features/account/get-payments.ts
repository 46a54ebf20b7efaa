import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

interface Money {
  formatted: string;
  raw: { amount: number };
}

export interface Payment {
  id: number;
  reference: string;
  prettyDate: string;
  status: 'completed' | 'refunded';
  venueName: string | null;
  paymentMethod: string | null;
  cardLastFour: string | null;
  total: Money;
  tax: Money;
  items: { type: string; description: string; price: Money }[];
}

export const myPaymentsQuery = queryOptions({
  queryKey: ['auth', 'payments'],
  queryFn: () => apiGet<Payment[]>('my-account/payments'),
});

export const receiptQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['auth', 'payments', orderId],
    queryFn: () => apiGet<Payment>(`my-account/payments/${encodeURIComponent(orderId)}`),
    retry: false,
  });
