import type { Booking, Bookings } from '@lido/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '../../lib/api/api-client.ts';
import { userQueryKey } from '../../app/session/get-user.ts';
import { myBookingsQuery } from './get-account-lists.ts';

/** The list with one booking as the server now has it. */
const withBooking = (bookings: Bookings, changed: Booking): Bookings => {
  const swap = (list: Booking[]) => list.map((booking) => (booking.id === changed.id ? changed : booking));
  return { upcoming: swap(bookings.upcoming), past: swap(bookings.past) };
};

/**
 * POST my-account/bookings/{bookingId}/cancel: the answer is the booking as it now is, shown at once;
 * the lists, the account credit (a refund may have added to it) and the payments are then read again.
 * The dialog shows a refusal itself, so no global toast (inlineValidation).
 */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bookingId: number) =>
      (await apiFetch<Booking>(`my-account/bookings/${bookingId}/cancel`, { method: 'POST', body: {} })).data,
    meta: { inlineValidation: true },
    onSuccess: async (booking) => {
      queryClient.setQueryData(myBookingsQuery.queryKey, (bookings) =>
        bookings ? withBooking(bookings, booking) : bookings,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myBookingsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['auth', 'payments'] }),
      ]);
    },
    // A refusal (the cut-off passed meanwhile) means the list is out of date: read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: myBookingsQuery.queryKey }),
  });
}

/**
 * Asking, confirming and then saying what was done: the booking asked about (the dialog is open
 * while there is one), and once cancelled the booking with what came back ("was added", or failing
 * that what the dialog promised). My account and the desk's supervisor (decision 0085) share it.
 */
export function useBookingCancellation() {
  const cancel = useCancelBooking();
  const [asking, setAsking] = useState<Booking | null>(null);
  const [cancelled, setCancelled] = useState<{ booking: Booking; refundText: string } | null>(null);
  const ask = (booking: Booking) => {
    cancel.reset();
    setAsking(booking);
  };
  const confirm = async () => {
    if (!asking) return;
    const refundText = asking.cancellation?.refundText ?? '';
    try {
      const booking = await cancel.mutateAsync(asking.id);
      setAsking(null);
      setCancelled({ booking, refundText: booking.cancellation?.refundText || refundText });
    } catch {
      /* the dialog shows the refusal */
    }
  };
  return {
    ask,
    cancelled,
    /** the props of `CancelBookingDialog` */
    dialog: {
      booking: asking,
      pending: cancel.isPending,
      error: cancel.error,
      onConfirm: () => void confirm(),
      onClose: () => setAsking(null),
    },
  };
}
