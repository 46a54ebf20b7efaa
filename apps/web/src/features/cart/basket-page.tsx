import type { CartItem } from '@lido/contracts/cart';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { RequireLogin } from '../auth/index.ts';
import { useRemovePackageUsage } from '../packages/index.ts';
import { BookingLineItem } from './booking-line.tsx';
import { MembershipLineItem } from './membership-line.tsx';
import { PackageLineItem } from './package-line.tsx';
import { useDiscardCart, useRemoveFromCart, useUpdateBookingQuantity } from './change-cart.ts';
import { useCart } from './get-cart.ts';
import { useNow } from './hold-time.ts';
import { useRemoveBenefit } from './remove-benefit.ts';
import { HoldWarning, LapsedPlaces, useLapsedLines } from './hold-warning.tsx';
import { cartKeys } from './keys.ts';

/**
 * Where the basket is paid for: a basket with a booking pays on the bookings site (source bookings,
 * then /booking-confirmed); memberships alone pay on the joining site, whose confirmation shows
 * memberships (decision 0033).
 */
export function checkoutSite(items: CartItem[]): 'bookings' | 'online-joining' {
  return items.some((item) => item.type === 'booking' || item.type === 'package')
    ? 'bookings'
    : 'online-joining';
}

/** The booking lines whose hold has ended; when one ends the basket is read again from the server. */
function useExpiredHolds(items: CartItem[] | undefined): Set<number> {
  const now = useNow();
  const queryClient = useQueryClient();
  const expired = new Set(
    (items ?? [])
      .filter((item) => item.type === 'booking' && Date.parse(item.heldUntil) <= now)
      .map((item) => item.id),
  );
  const key = [...expired].sort().join(',');
  const seen = useRef('');
  useEffect(() => {
    if (key === '' || key === seen.current) return;
    seen.current = key;
    void queryClient.invalidateQueries({ queryKey: cartKeys.cart });
  }, [key, queryClient]);
  return expired;
}

/**
 * Removing a line, a benefit or a package's use, or emptying the basket, takes the pressed button
 * with it: once the basket is read again, focus that fell to the page moves to the basket's
 * heading, or to "Your basket is empty" (issue 34 item 1).
 */
function useFocusAfterRemoving(readAt: number) {
  const heading = useRef<HTMLHeadingElement>(null);
  const emptyHeading = useRef<HTMLHeadingElement>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    if (document.activeElement === document.body) (emptyHeading.current ?? heading.current)?.focus();
  }, [readAt]);
  const removing = (remove: () => void) => {
    pending.current = true;
    remove();
  };
  return { heading, emptyHeading, removing };
}

/** "1 item", "3 items". */
const itemsText = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/** What emptying the basket removes, said before it is done and after (issue 34 item 4). */
interface Emptying {
  count: number;
  /** places held for the customer that go back on sale */
  heldPlaces: boolean;
}

const emptyingOf = (items: CartItem[]): Emptying => ({
  count: items.length,
  heldPlaces: items.some((item) => item.type === 'booking'),
});

/**
 * "Empty basket" asks first, saying what it removes: it takes everything at once, and the places
 * held for the customer go to others (issue 34 item 4).
 */
function ConfirmEmpty({
  emptying,
  onEmpty,
  onClose,
}: {
  emptying: Emptying | null;
  onEmpty: () => void;
  onClose: () => void;
}) {
  return (
    <Modal open={emptying !== null} title="Empty your basket?" onClose={onClose}>
      {emptying && (
        <>
          <p>
            This removes all {itemsText(emptying.count)} from your basket
            {emptying.heldPlaces ? ', and the places held for you go back on sale' : ''}.
          </p>
          <div className="form__actions">
            <Button variant="primary" onClick={onEmpty}>
              Yes, empty my basket
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Keep my basket
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}

function Basket() {
  const cart = useCart();
  const settings = useClientSettings();
  const remove = useRemoveFromCart();
  const update = useUpdateBookingQuantity();
  const discard = useDiscardCart();
  const removePackage = useRemovePackageUsage();
  const removeBenefit = useRemoveBenefit();
  const expired = useExpiredHolds(cart.data?.items);
  // Warned before a hold ends, and told when one lapses (issue 33 item 7).
  const now = useNow();
  const lapsed = useLapsedLines(cart.data, now);
  const { heading, emptyHeading, removing } = useFocusAfterRemoving(cart.dataUpdatedAt);
  const [confirming, setConfirming] = useState<Emptying | null>(null);
  const [emptied, setEmptied] = useState<Emptying | null>(null);
  if (cart.isPending) return <Spinner label="Loading your basket" />;
  if (cart.isError)
    return (
      <p className="error-line">
        {genericErrorLine(cart.error instanceof ApiError ? cart.error.status : null)}
      </p>
    );
  const { items, totals } = cart.data;
  const busy =
    remove.isPending ||
    update.isPending ||
    discard.isPending ||
    removePackage.isPending ||
    removeBenefit.isPending;
  return (
    <section aria-labelledby="basket-heading" className="basket">
      <h1 id="basket-heading" ref={heading} tabIndex={-1}>
        Shopping basket
      </h1>
      {items.length === 0 ? (
        <div className="panel">
          <h2 ref={emptyHeading} tabIndex={-1}>
            Your basket is empty
          </h2>
          <LapsedPlaces lines={lapsed} />
          {emptied && (
            <p>
              You emptied your basket: {itemsText(emptied.count)} removed
              {emptied.heldPlaces ? ', and the places held for you went back on sale' : ''}.
            </p>
          )}
          <p>Book an activity, or buy a membership at your centre.</p>
          <div className="form__actions">
            <SiteLink site="bookings" to="/" className="button button--primary button--lg">
              Book an activity
            </SiteLink>
            {settings.onlineJoiningEnabled && (
              <SiteLink site="online-joining" to="/" className="button button--secondary button--lg">
                Buy a membership
              </SiteLink>
            )}
          </div>
        </div>
      ) : (
        <>
          <HoldWarning
            lines={items.flatMap((item) => (item.type === 'booking' ? [item] : []))}
            now={now}
            timeZone={settings.timeZone}
            onKept={() => heading.current?.focus()}
          />
          <LapsedPlaces lines={lapsed} />
          <ul className="basket__items">
            {items.map((item) =>
              item.type === 'booking' ? (
                <BookingLineItem
                  key={item.id}
                  line={item}
                  expired={expired.has(item.id)}
                  timeZone={settings.timeZone}
                  busy={busy}
                  onQuantity={(quantity) => update.mutate({ cartItemId: item.id, quantity })}
                  onRemove={() => removing(() => remove.mutate(item.id))}
                  onRemoveBenefit={() => removing(() => removeBenefit.mutate(item.id))}
                  onRemovePackage={() => removing(() => removePackage.mutate(item.id))}
                />
              ) : item.type === 'package' ? (
                <PackageLineItem
                  key={item.id}
                  item={item}
                  busy={busy}
                  onRemove={() => removing(() => remove.mutate(item.id))}
                />
              ) : (
                <MembershipLineItem
                  key={item.id}
                  item={item}
                  busy={busy}
                  onRemove={() => removing(() => remove.mutate(item.id))}
                />
              ),
            )}
          </ul>
          <p className="basket__total">
            Total to pay now <strong>{totals.formattedTotal}</strong>
          </p>
          {expired.size > 0 && (
            <p className="notice notice--warning" id="basket-expired">
              Remove the places whose hold has ended to continue.
            </p>
          )}
          <div className="form__actions">
            {expired.size > 0 ? (
              <Button variant="primary" size="lg" disabled aria-describedby="basket-expired">
                Continue to checkout
              </Button>
            ) : (
              <SiteLink
                site={checkoutSite(items)}
                to="/checkout"
                className="button button--primary button--lg"
              >
                Continue to checkout
              </SiteLink>
            )}
            <Button
              variant="secondary"
              size="lg"
              disabled={busy}
              aria-haspopup="dialog"
              onClick={() => setConfirming(emptyingOf(items))}
            >
              Empty basket
            </Button>
          </div>
        </>
      )}
      <ConfirmEmpty
        emptying={confirming}
        onClose={() => setConfirming(null)}
        onEmpty={() => {
          const removed = confirming;
          setConfirming(null);
          removing(() => discard.mutate(undefined, { onSuccess: () => setEmptied(removed) }));
        }}
      />
    </section>
  );
}

/** /basket on the bookings site: bookings and memberships together, and the way to pay for them. */
export function BasketPage() {
  return (
    <RequireLogin>
      <Basket />
    </RequireLogin>
  );
}
