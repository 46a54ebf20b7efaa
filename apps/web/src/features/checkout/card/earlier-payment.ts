import type { EarlierPayment } from '@lido/contracts/payment-answers';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiGet } from '../../../lib/api/api-client.ts';
import { ApiError } from '../../../lib/api/api-client.ts';

/** The error code of a payment the card provider cannot yet say was taken or not (issue 33 item 8). */
export const checkingCode = 'payment_checking';

/** Whether a failed authorise answer or error says the earlier payment is still being checked. */
export function stillChecking(outcome: unknown): string | null {
  if (outcome instanceof ApiError)
    return outcome.status === 409 && outcome.body?.code === checkingCode ? outcome.message : null;
  const error = (outcome as { error?: { code?: string; message?: string } } | null)?.error;
  return error?.code === checkingCode ? (error.message ?? null) : null;
}

/**
 * Checkout opened again after a lost payment answer (a reload): the server looks the payment up at
 * the provider at once. Paid: the page goes on to the order's confirmation; not paid or still being
 * checked: what to say about it.
 */
export function useEarlierPayment(onPaid: (orderId: number) => Promise<void>) {
  const query = useQuery({
    queryKey: ['checkout', 'earlier-payment'],
    queryFn: () => apiGet<EarlierPayment>('checkout/earlier-payment'),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const left = useRef(false);
  const orderId = query.data?.status === 'paid' ? query.data.completeOrderId : null;
  useEffect(() => {
    if (orderId === null || left.current) return;
    left.current = true;
    void onPaid(orderId);
  }, [orderId, onPaid]);
  return query.data;
}
