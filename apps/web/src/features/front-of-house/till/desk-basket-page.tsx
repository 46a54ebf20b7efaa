import type { Cart } from '@lido/contracts/cart';
import { checkoutServiceBase } from '@lido/contracts/cart-paths';
import {
  keepCreditPayments,
  type OfflinePayment,
  syncServerPayments,
} from '@lido/contracts/offline-payments';
import { formatPence } from '@lido/pricing/money';
import { useRef, useState } from 'react';
import { Link, useNavigate } from '../../../router/index.ts';
import { useClientSettings } from '../../../app/client-settings/get-client-settings.ts';
import { LoadFailed } from './load-failed.tsx';
import { useFormErrors } from '../../../lib/forms/use-form-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary, type FieldError } from '../../../ui/error-summary.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { BookingLineItem, MembershipLineItem, PackageLineItem, useNow } from '../../cart/index.ts';
import {
  CardPayment,
  linesNeedingWaivers,
  TermsChecks,
  termsMessage,
  termsToAsk,
  useCartTerms,
  waiverFieldId,
  waiverMessage,
  Waivers,
} from '../../checkout/index.ts';
import { customerQuery, useSelectedCustomerId } from './selected-customer-id.ts';
import { TenderPanel } from './tender-panel.tsx';
import { tenderSummary } from './tenders.ts';
import {
  type CartChange,
  useDeskCart,
  useDeskCartChange,
  useForgetPaidBasket,
  usePayAtDesk,
  useStaffMe,
} from './till-api.ts';
import type { ReceiptState } from './receipt-state.ts';
import './till.css';

const payButtonId = 'till-pay';
const payReasonId = 'till-pay-reason';

/** The selected customer's basket lines, each changeable as on the customer's own basket. */
function DeskBasketLines({
  cart,
  busy,
  onChange,
}: {
  cart: Cart;
  busy: boolean;
  onChange: (change: CartChange) => void;
}) {
  const { timeZone } = useClientSettings();
  const now = useNow();
  const remove = (cartItemId: number) =>
    onChange({
      path: `${checkoutServiceBase}/remove`,
      method: 'POST',
      body: { cartItemIds: [cartItemId] },
      removes: true,
    });
  return (
    <ul className="basket__items">
      {cart.items.map((item) =>
        item.type === 'booking' ? (
          <BookingLineItem
            key={item.id}
            line={item}
            expired={Date.parse(item.heldUntil) <= now}
            timeZone={timeZone}
            busy={busy}
            onQuantity={(quantity) =>
              onChange({
                path: `${checkoutServiceBase}/${item.id}`,
                method: 'PUT',
                body: { options: { quantity } },
                removes: false,
              })
            }
            onRemove={() => remove(item.id)}
            onRemoveBenefit={() =>
              onChange({
                path: `/api/activities/benefit/remove/${item.id}`,
                method: 'DELETE',
                query: { source: 'front-of-house' },
                removes: false,
              })
            }
            onRemovePackage={() =>
              onChange({
                path: `/api/activities/package/remove/${item.id}`,
                method: 'DELETE',
                query: { source: 'front-of-house' },
                removes: false,
              })
            }
          />
        ) : item.type === 'package' ? (
          <PackageLineItem key={item.id} item={item} busy={busy} onRemove={() => remove(item.id)} />
        ) : (
          <MembershipLineItem key={item.id} item={item} busy={busy} onRemove={() => remove(item.id)} />
        ),
      )}
    </ul>
  );
}

function DeskBasket({ customerId }: { customerId: number }) {
  const staff = useStaffMe();
  const cart = useDeskCart(customerId);
  const change = useDeskCartChange(customerId);
  const pay = usePayAtDesk(customerId);
  const terms = useCartTerms(cart.data?.cartId ?? null);
  const navigate = useNavigate();
  const [payments, setPayments] = useState<OfflinePayment[]>([]);
  const [ticked, setTicked] = useState<number[]>([]);
  // Decision 0058: the card step for the balance left, through the same provider as online.
  const [byCard, setByCard] = useState(false);
  // Paid by card: the page is leaving for the receipt, so the emptied basket is never shown.
  const [leaving, setLeaving] = useState(false);
  const forgetPaidBasket = useForgetPaidBasket(customerId);
  const [agreedWaivers, setAgreedWaivers] = useState<number[]>([]);
  const { errors, setErrors, fromServer } = useFormErrors();
  // One transaction per attempt: a double click or a retry sends the same one, so the server makes
  // one order; anything the attempt was made of changing starts a new one.
  const transaction = useRef<string | null>(null);
  const changePayments = (next: OfflinePayment[]) => {
    transaction.current = null;
    setPayments(next);
  };

  if (leaving) return <Spinner label="Opening the receipt" />;
  if (cart.isPending || staff.isPending) return <Spinner label="Loading the basket" />;
  if (cart.isError || staff.isError) {
    const error = cart.error ?? staff.error;
    return (
      <section aria-labelledby="till-basket-heading">
        <h1 id="till-basket-heading">Basket</h1>
        <LoadFailed error={error} />
      </section>
    );
  }
  const symbol = staff.data.currencySymbol;
  const { totals } = cart.data;
  const summary = tenderSummary(totals.balance, payments);
  const asked = termsToAsk(terms.data);
  const waiverLines = linesNeedingWaivers(cart.data.items, cart.data.attendeeWaiversRequired);
  const missingWaiver = waiverLines.find((line) => !agreedWaivers.includes(line.id));

  const onBasketChange = (basketChange: CartChange) =>
    change.mutate(basketChange, {
      // After a basket change the server's payments replace the credit entries; a removal keeps
      // only credit first (platform spec §4).
      onSuccess: (next) =>
        changePayments(
          syncServerPayments(basketChange.removes ? keepCreditPayments(payments) : payments, next.payments),
        ),
    });

  const takePayment = () => {
    const missing = asked.filter((term) => term.isRequired && !ticked.includes(term.id));
    if (missing.length > 0 || missingWaiver) {
      setErrors({
        ...(missingWaiver ? { completedWaivers: waiverMessage() } : {}),
        ...(missing.length > 0 ? { terms: termsMessage() } : {}),
      });
      return;
    }
    setErrors({});
    transaction.current ??= crypto.randomUUID();
    pay.mutate(
      {
        ...(waiverLines.length > 0
          ? {
              completedWaivers: waiverLines
                .filter((line) => agreedWaivers.includes(line.id))
                .map((line) => line.id),
            }
          : {}),
        payments,
        terms: ticked,
        transactionUuid: transaction.current,
        source: 'front-of-house',
        selectedUserId: customerId,
      },
      {
        onSuccess: (paid) => {
          const state: ReceiptState = { change: paid.change, tenders: payments };
          void navigate(`/orders/${paid.orderId}/receipt${customerQuery(customerId)}`, { state });
        },
        onError: (error) => fromServer(error, ['payments', 'terms', 'completedWaivers']),
      },
    );
  };

  const fieldOf: Record<string, string> = {
    form: payButtonId,
    payments: 'tender-amount',
    terms: asked[0] ? `checkout-terms-${asked[0].id}` : payButtonId,
    completedWaivers: waiverFieldId((missingWaiver ?? waiverLines[0])?.id ?? 0),
  };
  const summaryErrors: FieldError[] = Object.entries(errors).map(([name, message]) => ({
    fieldId: fieldOf[name] ?? payButtonId,
    message,
  }));

  return (
    <section aria-labelledby="till-basket-heading" className="basket till">
      <h1 id="till-basket-heading">Basket</h1>
      <ErrorSummary errors={summaryErrors} />
      {cart.data.items.length === 0 ? (
        <p>The basket is empty. Join or book for the customer to add to it.</p>
      ) : (
        <div className="till__layout">
          <div>
            <DeskBasketLines
              cart={cart.data}
              busy={change.isPending || pay.isPending}
              onChange={onBasketChange}
            />
            <p className="basket__total">
              Total <strong>{totals.formattedTotal}</strong>
            </p>
          </div>
          {byCard && cart.data.cartId !== null ? (
            <div>
              <h2>Card payment</h2>
              <p>
                To pay by card: <strong>{formatPence(summary.left, symbol)}</strong>
              </p>
              <Waivers lines={waiverLines} agreed={agreedWaivers} onChange={setAgreedWaivers} />
              <CardPayment
                cartId={cart.data.cartId}
                formattedTotal={formatPence(summary.left, symbol)}
                payments={keepCreditPayments(payments)}
                offerSaving={false}
                cancelAction={
                  <Button variant="link" size="md" onClick={() => setByCard(false)}>
                    Back to the tenders
                  </Button>
                }
                onLeaving={() => {
                  setLeaving(true);
                  forgetPaidBasket();
                }}
                extras={{
                  source: 'front-of-house',
                  completedWaivers: waiverLines
                    .filter((line) => agreedWaivers.includes(line.id))
                    .map((line) => line.id),
                  waiverProblem: missingWaiver
                    ? { message: waiverMessage(), fieldId: waiverFieldId(missingWaiver.id) }
                    : null,
                }}
              />
            </div>
          ) : (
            <div>
              <TenderPanel
                balance={totals.balance}
                formattedBalance={totals.formattedBalance}
                availableCredit={cart.data.credits.general.maxApplicable}
                symbol={symbol}
                payments={payments}
                onChange={changePayments}
                onCard={staff.data.cardPayments ? () => setByCard(true) : undefined}
              />
              <Waivers lines={waiverLines} agreed={agreedWaivers} onChange={setAgreedWaivers} />
              {asked.length > 0 && (
                <div className="till__terms">
                  <h2>Terms</h2>
                  <p>Read these to the customer and tick each one they agree to.</p>
                  <TermsChecks terms={asked} ticked={ticked} onChange={setTicked} />
                </div>
              )}
              {!summary.covered && (
                // A disabled button says nothing by itself: what is missing is stated beside it.
                <p id={payReasonId} className="till__pay-reason">
                  {formatPence(summary.left, symbol)} is still to pay. Add a payment above to cover it, then
                  take payment.
                </p>
              )}
              <div className="form__actions">
                <Button
                  id={payButtonId}
                  variant="primary"
                  size="lg"
                  aria-describedby={summary.covered ? undefined : payReasonId}
                  disabled={!summary.covered || pay.isPending || change.isPending}
                  onClick={takePayment}
                >
                  {totals.balance === 0 ? 'Complete order' : 'Take payment'}
                </Button>
              </div>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

/** /basket on the staff site: the selected customer's basket and the tender panel that pays for it. */
export function DeskBasketPage() {
  const customerId = useSelectedCustomerId();
  if (customerId === null)
    return (
      <section aria-labelledby="till-basket-heading">
        <h1 id="till-basket-heading">Basket</h1>
        <p>
          <Link to="/">Find a customer</Link> to serve first.
        </p>
      </section>
    );
  return <DeskBasket customerId={customerId} />;
}
