import { parseDate } from '@lido/pricing/calendar-date';
import { feeLineLabel } from '@lido/pricing/fee-lines';
import { prettyDate } from '../../i18n/dates.ts';
import { pricingWords } from '../../i18n/pricing-words.ts';
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
import { checkoutWords } from './words.ts';

/**
 * The first Direct Debit collection of a monthly membership: the amount (a change's new price) and
 * its date, then the day of each month after (issue 33 item 3).
 */
function firstCollection(item: OrderMembershipItem): string | null {
  if (item.paymentType !== 'recurring' || !item.firstBillingDate) return null;
  const amount = item.change?.newMembershipPrice.formatted ?? item.baseFee?.price.formatted;
  if (!amount) return null;
  return checkoutWords('firstCollection', {
    amount,
    date: prettyDate(item.firstBillingDate),
    day: billingDayText(parseDate(item.firstBillingDate).day, pricingWords),
  });
}

function OrderItemCards({ item, index }: { item: OrderMembershipItem; index: number }) {
  const single = item.paymentType === 'fixed';
  const collection = firstCollection(item);
  // A new membership's charges explained (decision 0087); a change's difference names itself.
  const explained =
    item.kind === 'membership' && item.startDate && item.paymentType
      ? chargeExplanations(
          {
            paymentType: item.paymentType,
            startDate: item.startDate,
            firstBillingDate: item.firstBillingDate,
            monthInHand: item.fees.some((fee) => fee.type === 'month-in-hand'),
            monthlyPrice: item.baseFee?.price.formatted ?? '',
          },
          pricingWords,
        )
      : null;
  return (
    <>
      <section className="card" aria-label={checkoutWords('feesFor', { name: item.name })}>
        <h2 className="card__title">{item.homeVenue.name}</h2>
        <p className="card__meta">
          {single ? checkoutWords('singlePaymentMembership') : checkoutWords('membershipFees')}
        </p>
        <dl className="summary-lines">
          {item.fees.map((fee) => {
            const why = explained?.fees[fee.type as keyof typeof explained.fees];
            return (
              <div key={fee.type} className={why ? 'summary-line summary-line--explained' : 'summary-line'}>
                <dt>{feeLineLabel(fee, pricingWords, { change: item.kind === 'membership_change' })}</dt>
                <dd>{fee.price.formatted}</dd>
                {why && <dd className="summary-line__why">{why}</dd>}
              </div>
            );
          })}
          <div className="summary-line summary-line--total">
            <dt>{checkoutWords('total')}</dt>
            <dd>{item.total.formatted}</dd>
          </div>
        </dl>
      </section>
      <section className="card" aria-labelledby={`new-membership-${index}`}>
        <h2 className="card__title" id={`new-membership-${index}`}>
          {checkoutWords('newMembership')}
        </h2>
        <dl className="facts">
          <dt>{checkoutWords('membership')}</dt>
          <dd>{item.name}</dd>
          <dt>{checkoutWords('categories')}</dt>
          <dd>{item.categories.join(', ')}</dd>
          {item.startDate && (
            <>
              <dt>{checkoutWords('startDate')}</dt>
              <dd>{prettyDate(item.startDate)}</dd>
            </>
          )}
          {item.endDate && (
            <>
              <dt>{checkoutWords('endDate')}</dt>
              <dd>{prettyDate(item.endDate)}</dd>
            </>
          )}
          {item.baseFee && (
            <>
              <dt>{checkoutWords('membershipFee')}</dt>
              <dd>
                {item.baseFee.price.formatted}
                {single ? '' : ` ${checkoutWords('perMonth')}`}
              </dd>
            </>
          )}
          <dt>{checkoutWords('payment')}</dt>
          <dd>
            {single
              ? checkoutWords('singlePayment', { duration: durationLabel(item) })
              : checkoutWords('monthly')}
          </dd>
          {collection && (
            <>
              <dt>{checkoutWords('firstCollectionLabel')}</dt>
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
        {checkoutWords('balancePaid')}
      </h2>
      <dl className="facts">
        <dt>{checkoutWords('membership')}</dt>
        <dd>{item.membershipName}</dd>
        <dt>{checkoutWords('directDebitDue')}</dt>
        <dd>{item.billingDate ? prettyDate(item.billingDate) : ''}</dd>
        <dt>{checkoutWords('paidByCard')}</dt>
        <dd>{item.total.formatted}</dd>
      </dl>
      <p>{checkoutWords('directDebitCarriesOn')}</p>
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
  if (order.isPending) return <Spinner label={checkoutWords('loadingOrder')} />;
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
      <h1>{checkoutWords('paymentSuccessful')}</h1>
      <p className="lead">{checkoutWords('orderReference', { reference: order.data.reference })}</p>
      {newMandate && (
        <div className="notice notice--success" role="status">
          <p className="notice__title">{checkoutWords('directDebitSetUp')}</p>
          <p>{checkoutWords('mandateEmail')}</p>
        </div>
      )}
      {needsProof && (
        <div className="notice notice--warning" role="note">
          <p className="notice__title">{checkoutWords('proofPending')}</p>
          <p>{checkoutWords('uploadProof')}</p>
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
            {checkoutWords('feePaid', { name: item.name })}
          </h2>
          <p>{item.description}</p>
          <p className="basket__price">{item.total.formatted}</p>
        </section>
      ))}
      {!kiosk && (
        <div className="panel">
          <p>{checkoutWords('manageOnline')}</p>
          <SiteLink site="my-account" to="/" className="button button--primary button--lg">
            {checkoutWords('goToMyAccount')}
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
