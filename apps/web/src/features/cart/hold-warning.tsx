import type { Cart, CartItem } from '@lido/contracts/cart';
import { checkoutServiceBase } from '@lido/contracts/cart-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '../../lib/api/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { useSessionWhen } from '../../i18n/session-when.ts';
import { showCartFailure } from './change-cart.ts';
import { clockTime } from './hold-time.ts';
import { cartKeys } from './keys.ts';
import { cartWords } from './words.ts';

type BookingLine = Extract<CartItem, { type: 'booking' }>;

/** How long before a hold ends the basket warns: far more than WCAG 2.2.1's 20 seconds. */
export const warnBeforeMs = 120_000;

/** A line whose places went back on sale: what, when, and why. */
export interface LapsedLine {
  id: number;
  name: string;
  when: string;
  message: string;
}

/**
 * The lines whose hold ran out while the customer had the basket, kept until they leave the page
 * (issue 33 item 7): those the server names as released (`expiredItems`), and those the page was
 * showing that have gone with their hold passed (the minute job may have released them first).
 */
export function useLapsedLines(cart: Cart | undefined, now: number): LapsedLine[] {
  const whenOf = useSessionWhen();
  // Worked out while rendering when the basket answer changes (React's "adjusting state when a
  // prop changes"), so no effect sets state.
  const [seen, setSeen] = useState<{
    cart: Cart | undefined;
    shown: Map<number, BookingLine>;
    lapsed: LapsedLine[];
  }>({ cart: undefined, shown: new Map(), lapsed: [] });
  if (cart && cart !== seen.cart) {
    const present = new Set(cart.items.map((item) => item.id));
    const found: LapsedLine[] = [...(cart.expiredItems ?? [])];
    for (const [id, line] of seen.shown)
      if (!present.has(id) && Date.parse(line.heldUntil) <= now)
        found.push({ id, name: line.name, when: whenOf(line.session), message: cartWords('lapsed') });
    const bookingLines = cart.items.filter((item): item is BookingLine => item.type === 'booking');
    setSeen({
      cart,
      shown: new Map(bookingLines.map((line) => [line.id, line])),
      lapsed: [...seen.lapsed, ...found.filter((line) => !seen.lapsed.some((known) => known.id === line.id))],
    });
  }
  return seen.lapsed;
}

/** POST {checkout}/keep-places: another hold for the places still held (decision 0090). */
function useKeepPlaces() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiFetch<Cart>(`${checkoutServiceBase}/keep-places`, { method: 'POST' })).data,
    meta: { inlineValidation: true },
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.cart, cart),
    onError: showCartFailure,
  });
}

/**
 * The warning before a hold ends (WCAG 2.2.1): two minutes before the first held line's hold ends,
 * the time and one button to keep the places longer. When they cannot be kept any longer, it says
 * so and by when to pay.
 */
export function HoldWarning({
  lines,
  now,
  timeZone,
  onKept,
}: {
  lines: BookingLine[];
  now: number;
  timeZone: string;
  /** the button is gone or has changed: where focus goes */
  onKept: () => void;
}) {
  const keep = useKeepPlaces();
  const [keptUntil, setKeptUntil] = useState<string | null>(null);
  const held = lines.filter((line) => Date.parse(line.heldUntil) > now);
  if (held.length === 0) return null;
  const first = held.reduce((soonest, line) =>
    Date.parse(line.heldUntil) < Date.parse(soonest.heldUntil) ? line : soonest,
  );
  if (Date.parse(first.heldUntil) - now > warnBeforeMs) return null;
  const time = clockTime(first.heldUntil, timeZone);
  // Asked already, and the hold did not move: it is as long as places are kept.
  const atLongest = keptUntil !== null && keptUntil === first.heldUntil;
  return (
    <div className="notice notice--warning basket__hold-warning" role="alert">
      <h2>{cartWords('heldUntilHeading', { time })}</h2>
      {atLongest ? (
        <p>{cartWords('cannotHoldLonger', { time })}</p>
      ) : (
        <>
          <p>{cartWords('needMoreTime', { time })}</p>
          <Button
            variant="primary"
            disabled={keep.isPending}
            onClick={() => {
              const before = first.heldUntil;
              keep.mutate(undefined, {
                onSettled: () => {
                  setKeptUntil(before);
                  onKept();
                },
              });
            }}
          >
            {cartWords('keepPlaces')}
          </Button>
        </>
      )}
    </div>
  );
}

/** What happened to places whose hold ran out, each named (issue 33 item 7). */
export function LapsedPlaces({ lines }: { lines: LapsedLine[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="notice notice--warning basket__lapsed" role="status">
      <h2>{cartWords('lapsedHeading', { count: lines.length })}</h2>
      <ul>
        {lines.map((line) => (
          <li key={line.id}>
            <strong>{line.name}</strong>, {line.when}: {line.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
