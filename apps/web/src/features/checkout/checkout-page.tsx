import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from '../../router/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useCart } from '../cart/index.ts';
import { resetJoiningJourney } from '../joining/index.ts';
import { CardPayment } from './card/card-payment.tsx';
import { CheckoutSummary } from './checkout-summary.tsx';
import { useClearJoiningCart } from './clear-joining-cart.ts';
import { FreeOrder } from './free-order.tsx';
import { AccountCredit } from './account-credit.tsx';
import { applyOfflinePayment, creditAmount, type OfflinePayment } from '@lido/contracts/offline-payments';
import { formatPence } from '@lido/pricing/money';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { useSiteMode } from '../../app/site-mode/site-mode.ts';
import { checkoutExit, checkoutKind, emptyBasketMessage } from './checkout-exit.ts';
import { showToast, toastDurations } from '../../app/toasts/toast-store.ts';
import { useJoiningTermsCheck } from './joining-terms-check.ts';
import { type CheckoutExtras, useCheckoutSource } from './checkout-source.ts';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { LeaveCheckoutDialog, useLeaveCheckoutGuard } from './leave-checkout.tsx';
import { linesNeedingWaivers, waiverFieldId, waiverMessage, Waivers } from './waivers.tsx';
import { checkoutWords } from './words.ts';
import { wordsWithParts } from '../../i18n/words-with-parts.tsx';

/** An empty basket at /checkout goes to /, with a toast saying why (issue 21 item 8). */
function EmptyBasketExit() {
  useEffect(() => {
    showToast({ content: emptyBasketMessage(), type: 'neutral', closeAfter: toastDurations.long });
  }, []);
  return <Navigate to="/" replace />;
}

/**
 * /checkout on the joining and bookings sites: the basket's total and what it holds, the waivers a
 * booking needs, paying by card (or, with nothing to pay, confirming the order), and for a membership
 * being chosen "Cancel selection and start over" (for anything else, back to the basket).
 */
export function CheckoutPage() {
  const cart = useCart();
  const clear = useClearJoiningCart();
  const navigate = useNavigate();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [payments, setPayments] = useState<OfflinePayment[]>([]);
  const settings = useClientSettings();
  const { kiosk } = useSiteMode();
  // The order made here, once made; gone with the page when it has left for its confirmation.
  const [leavingFor, setLeavingFor] = useState<number | null>(null);
  const source = useCheckoutSource();
  const [agreedWaivers, setAgreedWaivers] = useState<number[]>([]);
  const terms = useJoiningTermsCheck(cart.data?.cartId ?? null);
  // Leaving a plain checkout loses nothing (back to the basket); a joining one asks first. Which
  // one it is follows what the basket holds, not the site (a balance owed is paid on the joining site).
  const kind = checkoutKind(cart.data?.items ?? []);
  const guard = useLeaveCheckoutGuard(
    kind === 'joining' && leavingFor === null && (cart.data?.items.length ?? 0) > 0,
  );

  if (cart.isPending) return <Spinner label={checkoutWords('loadingBasket')} />;
  if (cart.isError)
    return (
      <p className="error-line">
        {genericErrorLine(cart.error instanceof ApiError ? cart.error.status : null)}
      </p>
    );
  const exit = checkoutExit(cart.data, leavingFor, kiosk, source);
  if (exit.kind === 'leaving') return <Spinner label={checkoutWords('openingConfirmation')} />;
  if (exit.kind === 'redirect') return <Navigate to={exit.to} replace />;
  if (exit.kind === 'empty') return <EmptyBasketExit />;
  // The terms (asked, or said to be agreed) sit above the pay button: drawn after the form, they
  // pushed it down as it was pressed (a layout shift of 0.08 on a phone). The form waits for them.
  if (cart.data.cartId !== null && terms.isPending) return <Spinner label={checkoutWords('loadingBasket')} />;

  const startOver = () =>
    clear.mutate(undefined, {
      onSettled: () => {
        resetJoiningJourney();
        guard.allowLeaving();
        navigate('/');
      },
    });
  // Account credit pays first (platform spec §3 "Offline payment"); the card pays the rest.
  const credit = cart.data.credits.general;
  const creditUsed = Math.min(creditAmount(payments), credit.maxApplicable);
  const toPay = cart.data.totals.total - creditUsed;
  const formattedToPay =
    creditUsed > 0 ? formatPence(toPay, settings.currencySymbol) : cart.data.totals.formattedTotal;
  const spentPayments: OfflinePayment[] =
    creditUsed > 0 ? [{ tenderType: 'credit', amount: creditUsed }] : [];
  const waiverLines = linesNeedingWaivers(cart.data.items, cart.data.attendeeWaiversRequired);
  const missingWaiver = waiverLines.find((line) => !agreedWaivers.includes(line.id));
  const extras: CheckoutExtras = {
    source,
    completedWaivers: waiverLines.filter((line) => agreedWaivers.includes(line.id)).map((line) => line.id),
    waiverProblem: missingWaiver
      ? { message: waiverMessage(), fieldId: waiverFieldId(missingWaiver.id) }
      : null,
  };
  // Leaving a plain checkout keeps the basket (its places stay held); joining starts over.
  const cancel =
    kind === 'plain' ? (
      <SiteLink site="bookings" to="/basket" className="button button--link button--md">
        {checkoutWords('backToBasket')}
      </SiteLink>
    ) : (
      <Button variant="link" size="md" onClick={() => setConfirmingCancel(true)}>
        {checkoutWords('cancelAndStartOver')}
      </Button>
    );
  return (
    <div className="joining-layout">
      <div className="joining-layout__main">
        <h1 className="checkout-title">
          {wordsWithParts(checkoutWords, 'heading', {
            total: <span className="checkout-title__total">{cart.data.totals.formattedTotal}</span>,
          })}
        </h1>
        <p className="lead">
          {checkoutWords('lead', { count: cart.data.totals.itemCount, total: formattedToPay })}
        </p>
        {credit.maxApplicable > 0 && (
          <AccountCredit
            available={formatPence(credit.totalAvailable, settings.currencySymbol)}
            applicable={formatPence(credit.maxApplicable, settings.currencySymbol)}
            used={creditUsed > 0}
            onChange={(use) =>
              setPayments((current) =>
                applyOfflinePayment(current, {
                  tenderType: 'credit',
                  amount: use ? credit.maxApplicable : 0,
                }),
              )
            }
          />
        )}
        <Waivers lines={waiverLines} agreed={agreedWaivers} onChange={setAgreedWaivers} />
        {toPay > 0 && cart.data.cartId !== null ? (
          <CardPayment
            cartId={cart.data.cartId}
            formattedTotal={formattedToPay}
            payments={spentPayments}
            cancelAction={cancel}
            onLeaving={setLeavingFor}
            extras={extras}
          />
        ) : (
          <>
            {cart.data.cartId !== null && (
              <FreeOrder
                cartId={cart.data.cartId}
                payments={spentPayments}
                onLeaving={setLeavingFor}
                extras={extras}
              />
            )}
            <div className="form__actions">{cancel}</div>
          </>
        )}
      </div>
      <CheckoutSummary items={cart.data.items} />
      <LeaveCheckoutDialog
        open={confirmingCancel}
        consequence={checkoutWords('membershipRemoved')}
        onStay={() => setConfirmingCancel(false)}
        onLeave={startOver}
        leaving={clear.isPending}
      />
      <LeaveCheckoutDialog
        open={guard.asking}
        consequence={checkoutWords('membershipStays')}
        onStay={guard.stay}
        onLeave={guard.leave}
      />
    </div>
  );
}
