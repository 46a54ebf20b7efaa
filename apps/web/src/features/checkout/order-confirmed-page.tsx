import { parseDate, prettyDate } from '@lido/pricing/calendar-date';
import { chargeExplanations } from '@lido/pricing/fee-explanations';
import { billingDayText } from '@lido/pricing/membership-costs';
import { useEffect } from 'react';
import { useLocation, useParams } from '../../router/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { durationLabel } from '../../lib/membership-price.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { reportTransactionOnce } from '../../app/analytics/transaction.ts';
import { RequireLogin } from '../auth/index.ts';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { useSiteMode } from '../../app/site-mode/site-mode.ts';
import type { OrderMembershipItem } from '@lido/contracts/order';
import type { OrderOutstandingBalanceItem } from '@lido/contracts/outstanding-balance';
import { useOrder } from './get-order.ts';

/**
 * The first Direct Debit collection of a monthly membership: the amount (a change's new price) and
 * its date, then the day of each month after (issue 33 item 3).
 */
function firstCollection(item: OrderMembershipItem): string | null {
  if (item.paymentType !== 'recurring' || !item.firstBillingDate) return null;
  const amount = item.change?.newMembershipPrice.formatted ?? item.baseFee?.price.formatted;
  if (!amount) return null;
  return `${amount} on ${prettyDate(item.firstBillingDate)}, then on the ${billingDayText(parseDate(item.firstBillingDate).day)}`;
}

function OrderItemCards({ item, index }: { item: OrderMembershipItem; index: number }) {
  const single = item.paymentType === 'fixed';
  const collection = firstCollection(item);
  // A new membership's charges explained (decision 0087); a change's difference names itself.
  const explained =
    item.kind === 'membership' && item.startDate && item.paymentType
      ? chargeExplanations({
          paymentType: item.paymentType,
          startDate: item.startDate,
          firstBillingDate: item.firstBillingDate,
          monthInHand: item.fees.some((fee) => fee.type === 'month-in-hand'),
          monthlyPrice: item.baseFee?.price.formatted ?? '',
        })
      : null;
  return (
    <>
      <section className="card" aria-label={`Fees for ${item.name}`}>
        <h2 className="card__title">{item.homeVenue.name}</h2>
        <p className="card__meta">{single ? 'Single payment membership' : 'Membership fees'}</p>
        <dl className="summary-lines">
          {item.fees.map((fee) => {
            const why = explained?.fees[fee.type as keyof typeof explained.fees];
            return (
              <div key={fee.type} className={why ? 'summary-line summary-line--explained' : 'summary-line'}>
                <dt>{fee.label}</dt>
                <dd>{fee.price.formatted}</dd>
                {why && <dd className="summary-line__why">{why}</dd>}
              </div>
            );
          })}
          <div className="summary-line summary-line--total">
            <dt>Total</dt>
            <dd>{item.total.formatted}</dd>
          </div>
        </dl>
      </section>
      <section className="card" aria-labelledby={`new-membership-${index}`}>
        <h2 className="card__title" id={`new-membership-${index}`}>
          Your new membership
        </h2>
        <dl className="facts">
          <dt>Membership</dt>
          <dd>{item.name}</dd>
          <dt>Categories</dt>
          <dd>{item.categories.join(', ')}</dd>
          {item.startDate && (
            <>
              <dt>Start date</dt>
              <dd>{prettyDate(item.startDate)}</dd>
            </>
          )}
          {item.endDate && (
            <>
              <dt>End date</dt>
              <dd>{prettyDate(item.endDate)}</dd>
            </>
          )}
          {item.baseFee && (
            <>
              <dt>Membership fee</dt>
              <dd>
                {item.baseFee.price.formatted}
                {single ? '' : ' per month'}
              </dd>
            </>
          )}
          <dt>Payment</dt>
          <dd>{single ? `Single payment for ${durationLabel(item)}` : 'Monthly'}</dd>
          {collection && (
            <>
              <dt>First Direct Debit collection</dt>
              <dd>{collection}</dd>
            </>
          )}
        </dl>
      </section>
    </>
  );
}

/** A failed Direct Debit payment paid by card: what was paid, for which membership and date. */
function PaidBalanceCard({ item, index }: { item: OrderOutstandingBalanceItem; index: number }) {
  return (
    <section className="card" aria-labelledby={`paid-balance-${index}`}>
      <h2 className="card__title" id={`paid-balance-${index}`}>
        Outstanding balance paid
      </h2>
      <dl className="facts">
        <dt>Membership</dt>
        <dd>{item.membershipName}</dd>
        <dt>Direct Debit payment due</dt>
        <dd>{item.prettyBillingDate}</dd>
        <dt>Paid by card</dt>
        <dd>{item.total.formatted}</dd>
      </dl>
      <p>Your Direct Debit carries on as usual for your next payments.</p>
    </section>
  );
}

function OrderConfirmed() {
  const { completeOrderId = '' } = useParams();
  const { kiosk } = useSiteMode();
  const order = useOrder(completeOrderId);
  const newMandate = (useLocation().state as { newMandate?: boolean } | null)?.newMandate === true;
  // The router keeps the window where checkout left it, by the pay button: open at the heading.
  useEffect(() => window.scrollTo({ top: 0 }), []);
  useEffect(() => {
    if (order.data) reportTransactionOnce(order.data, 'online-joining');
  }, [order.data]);
  if (order.isPending) return <Spinner label="Loading your order" />;
  if (order.isError)
    return (
      <p className="error-line">
        {genericErrorLine(order.error instanceof ApiError ? order.error.status : null)}
      </p>
    );
  // This page shows memberships; bookings have their own confirmation page.
  const memberships = order.data.items.filter((item) => item.type === 'membership');
  const balances = order.data.items.filter((item) => item.type === 'outstanding_balance');
  const fees = order.data.items.filter((item) => item.type === 'penalty_fee');
  const needsProof = memberships.some((item) => item.requiresEligibility);
  return (
    <div className="order-confirmed">
      <h1>Your payment was successful</h1>
      <p className="lead">Order {order.data.reference}</p>
      {newMandate && (
        <div className="notice notice--success" role="status">
          <p className="notice__title">Direct Debit set up successfully</p>
          <p>Confirmation of your new Direct Debit mandate will arrive by email within 3 business days.</p>
        </div>
      )}
      {needsProof && (
        <div className="notice notice--warning" role="note">
          <p className="notice__title">
            Your membership status will be pending until you provide the required proof of eligibility
          </p>
          <p>Please upload this to your online account as soon as possible</p>
        </div>
      )}
      {memberships.map((item, index) => (
        <OrderItemCards key={`${item.name}-${index}`} item={item} index={index} />
      ))}
      {balances.map((item, index) => (
        <PaidBalanceCard key={`${item.billingDate}-${index}`} item={item} index={index} />
      ))}
      {fees.map((item, index) => (
        <section key={`${item.description}-${index}`} className="card" aria-labelledby={`paid-fee-${index}`}>
          <h2 className="card__title" id={`paid-fee-${index}`}>
            {item.name} paid
          </h2>
          <p>{item.description}</p>
          <p className="basket__price">{item.total.formatted}</p>
        </section>
      ))}
      {!kiosk && (
        <div className="panel">
          <p>You can manage your membership and book activities through your online account.</p>
          <SiteLink site="my-account" to="/" className="button button--primary button--lg">
            Go to my account
          </SiteLink>
        </div>
      )}
    </div>
  );
}

/** /order-confirmed/{completeOrderId} (joining spec, "Order-confirmed page"). */
export function OrderConfirmedRoute() {
  return (
    <RequireLogin>
      <OrderConfirmed />
    </RequireLogin>
  );
}
