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
import { cartWords } from './words.ts';
import { wordsWithParts } from '../../i18n/words-with-parts.tsx';

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
    <Modal open={emptying !== null} title={cartWords('confirmEmptyTitle')} onClose={onClose}>
      {emptying && (
        <>
          <p>
            {cartWords(emptying.heldPlaces ? 'confirmEmptyHeld' : 'confirmEmpty', { count: emptying.count })}
          </p>
          <div className="form__actions">
            <Button variant="primary" onClick={onEmpty}>
              {cartWords('confirmEmptyYes')}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {cartWords('confirmEmptyNo')}
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
  if (cart.isPending) return <Spinner label={cartWords('loadingBasket')} />;
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
        {cartWords('heading')}
      </h1>
      {items.length === 0 ? (
        <div className="panel">
          <h2 ref={emptyHeading} tabIndex={-1}>
            {cartWords('empty')}
          </h2>
          <LapsedPlaces lines={lapsed} />
          {emptied && (
            <p>{cartWords(emptied.heldPlaces ? 'emptiedHeld' : 'emptied', { count: emptied.count })}</p>
          )}
          <p>{cartWords('emptyPrompt')}</p>
          <div className="form__actions">
            <SiteLink site="bookings" to="/" className="button button--primary button--lg">
              {cartWords('bookActivity')}
            </SiteLink>
            {settings.onlineJoiningEnabled && (
              <SiteLink site="online-joining" to="/" className="button button--secondary button--lg">
                {cartWords('buyMembership')}
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
            {wordsWithParts(cartWords, 'totalToPay', { total: <strong>{totals.formattedTotal}</strong> })}
          </p>
          {expired.size > 0 && (
            <p className="notice notice--warning" id="basket-expired">
              {cartWords('removeExpired')}
            </p>
          )}
          <div className="form__actions">
            {expired.size > 0 ? (
              <Button variant="primary" size="lg" disabled aria-describedby="basket-expired">
                {cartWords('continueToCheckout')}
              </Button>
            ) : (
              <SiteLink
                site={checkoutSite(items)}
                to="/checkout"
                className="button button--primary button--lg"
              >
                {cartWords('continueToCheckout')}
              </SiteLink>
            )}
            <Button
              variant="secondary"
              size="lg"
              disabled={busy}
              aria-haspopup="dialog"
              onClick={() => setConfirming(emptyingOf(items))}
            >
              {cartWords('emptyBasket')}
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
