import type { Payment } from '@lido/contracts/account';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

export type { Payment } from '@lido/contracts/account';

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
