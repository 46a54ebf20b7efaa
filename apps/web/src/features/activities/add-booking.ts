import type { AddToCartBody, Cart } from '@lido/contracts/cart';
import { checkoutServiceBase } from '@lido/contracts/cart-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api/api-client.ts';
import { useLocation, useNavigate } from '../../router/index.ts';
import { showToast, toastDurations } from '../../app/toasts/toast-store.ts';
import { cartKeys } from '../cart/index.ts';
import { activityKeys } from './get-timetable.ts';

export interface BookingChoice {
  sessionId: number;
  pricingOptionId: number;
  quantity: number;
  purchasedForUserId?: number | undefined;
  /** a note for the instructor (decision 0101); blank sends none */
  note?: string | undefined;
}

/**
 * POST {checkout}/add with a booking line (platform spec §3 "Cart item to add", §8 toasts). The
 * server prices the line and holds the places; the basket it answers replaces the cached one, so the
 * header's badge counts the new line at once. The timetable and the session are read again: their
 * spaces left have changed.
 */
export function useAddBooking() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return useMutation({
    mutationFn: async (choice: BookingChoice) =>
      (
        await apiFetch<Cart>(`${checkoutServiceBase}/add`, {
          method: 'POST',
          body: {
            items: [
              {
                id: choice.sessionId,
                type: 'booking',
                pricingOptionId: choice.pricingOptionId,
                ...(choice.purchasedForUserId ? { purchasedForUserId: choice.purchasedForUserId } : {}),
                options: {
                  quantity: choice.quantity,
                  ...(choice.note?.trim() ? { note: choice.note.trim() } : {}),
                },
              },
            ],
          } satisfies AddToCartBody,
        })
      ).data,
    // The server's reason (full, window not open, age) says more than a list of fields.
    meta: { inlineValidation: true },
    onSuccess: async (cart) => {
      queryClient.setQueryData(cartKeys.cart, cart);
      showToast({ content: 'Successfully added item to the basket.', type: 'success' });
      await queryClient.invalidateQueries({ queryKey: activityKeys.all });
    },
    onError: async (error) => {
      // An announced opening's sessions are booked in turn: its waiting room, then back here.
      const opening = error instanceof ApiError ? openingOf(error) : undefined;
      if (opening && (opening.state === 'lobby' || opening.state === 'open')) {
        const back = encodeURIComponent(`${location.pathname}${location.search}`);
        navigate(`/openings/${opening.id}?back=${back}`);
        return;
      }
      showToast({
        content:
          error instanceof ApiError && error.message
            ? error.message
            : 'Something went wrong, please try again.',
        type: 'danger',
        closeAfter: toastDurations.normal,
      });
      // A refusal usually means the session changed (filled up): show what is true now.
      await queryClient.invalidateQueries({ queryKey: activityKeys.sessions });
    },
  });
}

/** The opening a refused add names (decision 0094), if any. */
function openingOf(error: ApiError): { id: number; state: string } | undefined {
  const opening = error.status === 409 ? error.body?.opening : undefined;
  if (typeof opening !== 'object' || opening === null) return undefined;
  const { id, state } = opening as { id?: unknown; state?: unknown };
  return typeof id === 'number' && typeof state === 'string' ? { id, state } : undefined;
}
