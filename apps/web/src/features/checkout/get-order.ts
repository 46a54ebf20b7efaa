import type { Order } from '@lido/contracts/order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

export type { Order, OrderItem } from '@lido/contracts/order';

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
