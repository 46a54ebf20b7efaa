import type { Cart, RemoveFromCartBody, UpdateBookingItemBody } from '@lido/contracts/cart';
import { checkoutServiceBase } from '@lido/contracts/cart-paths';
import type {
  CashUp,
  DeskOrdersAnswer,
  PaidAtDesk,
  PayBody,
  VoidOrderBody,
  VoidPreview,
} from '@lido/contracts/front-of-house';
import type { Order } from '@lido/contracts/order';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiGet, type RequestOptions } from '../../../lib/api/api-client.ts';
import { showCartFailure } from '../../cart/index.ts';
import { staffMeQuery } from '../staff-api.ts';

/** The till's server calls (issue 19). Every customer call names the selected customer. */
export const tillKeys = {
  cart: (customerId: number) => ['staff', 'cart', customerId] as const,
  order: (orderId: string, customerId: number | null) => ['staff', 'order', orderId, customerId] as const,
  orders: (date: string) => ['staff', 'orders', date] as const,
  cashUp: (date: string) => ['staff', 'cash-up', date] as const,
};

/** The staff user, read once for the whole staff site (the layout reads the same query). */
export const useStaffMe = () => useQuery(staffMeQuery);

/** GET {checkout}?selected_user_id: the selected customer's basket (their payer's, for a dependant). */
export function useDeskCart(customerId: number) {
  return useQuery({
    queryKey: tillKeys.cart(customerId),
    queryFn: ({ signal }) => apiGet<Cart>(checkoutServiceBase, { selectedUserId: customerId }, signal),
  });
}

/** One change to the selected customer's basket (remove a line, places, benefit, package). */
export interface CartChange {
  path: string;
  method: NonNullable<RequestOptions['method']>;
  body?: RemoveFromCartBody | UpdateBookingItemBody;
  query?: Record<string, string>;
  /** a removal: the tenders keep only account credit (platform spec §4) */
  removes: boolean;
}

export function useDeskCartChange(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: CartChange) =>
      (
        await apiFetch<Cart>(change.path, {
          method: change.method,
          // In the query only: many bodies are strict and would refuse a field they do not have.
          query: { ...change.query, selectedUserId: customerId },
          body: change.body satisfies RemoveFromCartBody | UpdateBookingItemBody | undefined,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: (cart) => queryClient.setQueryData(tillKeys.cart(customerId), cart),
    onError: (error) => {
      // As the customer's basket does (platform spec §8): the server's message, or the generic line.
      showCartFailure(error);
      void queryClient.invalidateQueries({ queryKey: tillKeys.cart(customerId) });
    },
  });
}

/** After an order is paid (by tenders or by card): its basket is gone, the day's lists have it. */
export function useForgetPaidBasket(customerId: number) {
  const queryClient = useQueryClient();
  return () => {
    queryClient.removeQueries({ queryKey: tillKeys.cart(customerId) });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'orders'] });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'cash-up'] });
  };
}

/** POST {checkout}/pay: the one-step pay with the tenders; a repeat of one transaction makes one order. */
export function usePayAtDesk(customerId: number) {
  const queryClient = useQueryClient();
  const forgetPaidBasket = useForgetPaidBasket(customerId);
  return useMutation({
    mutationFn: async (body: PayBody) =>
      (
        await apiFetch<PaidAtDesk>(`${checkoutServiceBase}/pay`, {
          method: 'POST',
          body: body satisfies PayBody,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: forgetPaidBasket,
    // A refusal may mean the basket changed (a hold ended, a price moved): show what is true now.
    onError: () => void queryClient.invalidateQueries({ queryKey: tillKeys.cart(customerId) }),
  });
}

/** GET /api/orders/{orderId}?selected_user_id: an order of the selected customer, for its receipt. */
export function useDeskOrder(orderId: string, customerId: number | null) {
  return useQuery({
    queryKey: tillKeys.order(orderId, customerId),
    queryFn: ({ signal }) =>
      apiGet<Order>(`orders/${encodeURIComponent(orderId)}`, { selectedUserId: customerId }, signal),
    retry: false,
  });
}

/** GET /api/staff/orders?date: the desk's orders of a day. */
export function useDeskOrders(date: string) {
  return useQuery({
    queryKey: tillKeys.orders(date),
    queryFn: ({ signal }) => apiGet<DeskOrdersAnswer>('staff/orders', { date }, signal),
    enabled: date !== '',
  });
}

/** GET /api/staff/orders/{id}/void (supervisor): what voiding it now hands back, read as the dialog opens. */
export function useVoidPreview(orderId: number | null) {
  return useQuery({
    queryKey: ['staff', 'void-preview', orderId],
    queryFn: ({ signal }) => apiGet<VoidPreview>(`staff/orders/${orderId}/void`, undefined, signal),
    enabled: orderId !== null,
    retry: false,
    // Always what is true now: a refund may have been made since the dialog last opened.
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * POST /api/staff/orders/{id}/void (supervisor): the order is voided, with why, for the audit log,
 * confirming the hand-back the supervisor was shown (a 409 when a refund changed it meanwhile).
 */
export function useVoidOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, ...body }: { orderId: number } & VoidOrderBody) =>
      (
        await apiFetch<unknown>(`staff/orders/${orderId}/void`, {
          method: 'POST',
          body: body satisfies VoidOrderBody,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['staff', 'orders'] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'cash-up'] });
    },
  });
}

/** GET /api/staff/cash-up?date (supervisor): what each member of staff took in each tender. */
export function useCashUp(date: string) {
  return useQuery({
    queryKey: tillKeys.cashUp(date),
    queryFn: ({ signal }) => apiGet<CashUp>('staff/cash-up', { date }, signal),
    enabled: date !== '',
  });
}
