import type { CartItem } from '@lido/contracts/cart';
import type { CartOutstandingBalanceItem } from '@lido/contracts/outstanding-balance';
import { prettyDate } from '../../i18n/dates.ts';
import { pricingWords } from '../../i18n/pricing-words.ts';
import { useSessionWhen } from '../../i18n/session-when.ts';
import { type ChargeExplanations, chargeExplanations } from '@lido/pricing/fee-explanations';
import { daysLabel, type FeeLine, feeLineLabel, feeLines } from '@lido/pricing/fee-lines';
import type { Money } from '@lido/pricing/money';
import { durationLabel } from '../../lib/membership-price.ts';
import { LineBenefit, useRemoveBenefit } from '../cart/index.ts';
import { checkoutWords } from './words.ts';

function FeeRow({
  line,
  explained,
  change = false,
}: {
  line: FeeLine<Money>;
  explained?: ChargeExplanations | null;
  /** a change of membership's line: its pro-rata part is the difference to the next collection */
  change?: boolean;
}) {
  // What the charge pays for, in plain words (decision 0087).
  const why = explained?.fees[line.type];
  return (
    <div className={why ? 'summary-line summary-line--explained' : 'summary-line'}>
      <dt>
        {feeLineLabel(line, pricingWords, { change })}
        {line.days !== undefined && (
          <span className="summary-line__detail">{daysLabel(line.days, pricingWords)}</span>
        )}
      </dt>
      <dd>{line.type === 'discount' ? `−${line.price.formatted}` : line.price.formatted}</dd>
      {why && <dd className="summary-line__why">{why}</dd>}
    </div>
  );
}

/**
 * A booked session in the summary: what, when, where, the band and places, the price, and the
 * membership benefit paying for it (which can be taken off here too, to pay instead).
 */
function BookingSummary({ item }: { item: Extract<CartItem, { type: 'booking' }> }) {
  const removeBenefit = useRemoveBenefit();
  const whenOf = useSessionWhen();
  return (
    <section className="checkout-summary__item" aria-label={item.name}>
      <h3 className="payment-summary__name">{item.name}</h3>
      <dl className="facts">
        <dt>{checkoutWords('when')}</dt>
        <dd>{whenOf(item.session)}</dd>
        <dt>{checkoutWords('where')}</dt>
        <dd>
          {item.venue.name}, {item.session.location}
        </dd>
        <dt>{checkoutWords('price')}</dt>
        <dd>
          {item.priceBand.label}, {item.options.quantity} × {item.unitPrice.formatted}
        </dd>
        {item.packageUsage && (
          <>
            <dt>{checkoutWords('paidWith')}</dt>
            <dd>
              {checkoutWords('packageUsesLeft', {
                package: item.packageUsage.name,
                count: item.packageUsage.usesLeft,
              })}
            </dd>
          </>
        )}
      </dl>
      <LineBenefit
        line={item}
        busy={removeBenefit.isPending}
        onRemove={() => removeBenefit.mutate(item.id)}
      />
      <ToPayNow price={item.price} />
    </section>
  );
}

/** A failed Direct Debit payment being paid by card: which membership, which payment, how much. */
function OutstandingBalanceSummary({ item }: { item: CartOutstandingBalanceItem }) {
  return (
    <section className="checkout-summary__item" aria-label={item.name}>
      <h3 className="payment-summary__name">{item.name}</h3>
      <dl className="facts">
        <dt>{checkoutWords('membership')}</dt>
        <dd>{item.membershipName}</dd>
        <dt>{checkoutWords('directDebitDue')}</dt>
        <dd>{prettyDate(item.billingDate)}</dd>
      </dl>
      <ToPayNow price={item.price} />
    </section>
  );
}

/** A line's whole price as the summary's total: what this line costs today. */
function ToPayNow({ price }: { price: CartItem['price'] }) {
  return (
    <dl className="summary-lines">
      <div className="summary-line summary-line--total">
        <dt>{checkoutWords('toPayNow')}</dt>
        <dd>{price.formatted}</dd>
      </div>
    </dl>
  );
}

/** The right-hand summary of checkout: one block per membership or booking in the basket. */
export function CheckoutSummary({ items }: { items: CartItem[] }) {
  return (
    <aside className="payment-summary checkout-summary" aria-labelledby="checkout-summary-heading">
      <h2 id="checkout-summary-heading" className="payment-summary__title">
        {checkoutWords('summary')}
      </h2>
      {items.map((item) => {
        if (item.type === 'booking') return <BookingSummary key={item.id} item={item} />;
        if (item.type === 'package')
          return (
            <section key={item.id} className="checkout-summary__item" aria-label={item.name}>
              <h3 className="payment-summary__name">{item.name}</h3>
              <p className="card__meta">{item.description}</p>
              <dl className="facts">
                <dt>{checkoutWords('centre')}</dt>
                <dd>{item.venue.name}</dd>
              </dl>
              <ToPayNow price={item.price} />
            </section>
          );
        if (item.type === 'outstanding_balance')
          return <OutstandingBalanceSummary key={item.id} item={item} />;
        if (item.type === 'penalty_fee' || item.type === 'course_enrolment')
          return (
            <section key={item.id} className="checkout-summary__item" aria-label={item.name}>
              <h3 className="payment-summary__name">{item.name}</h3>
              <p className="card__meta">{item.description}</p>
              <ToPayNow price={item.price} />
            </section>
          );
        const { costs } = item;
        const monthly = costs.paymentType === 'recurring';
        const lines = feeLines(costs, (money) => money.raw.amount, {
          change: item.type === 'membership_change',
        });
        // A change's difference from the next collection is listed before any discount.
        // A new membership's charges are explained; a change's difference says what it is already.
        const explained =
          item.type === 'membership'
            ? chargeExplanations(
                {
                  paymentType: costs.paymentType,
                  startDate: costs.startDate,
                  firstBillingDate: costs.firstBillingDate,
                  proRataDays: costs.proRataDays,
                  monthInHand: costs.fees.monthInHandFee.raw.amount > 0,
                  monthlyPrice: costs.globalBasePrice.formatted,
                },
                pricingWords,
              )
            : null;
        const charged = lines.filter((line) => line.type !== 'discount');
        const discounts = lines.filter((line) => line.type === 'discount');
        return (
          <section key={item.id} className="checkout-summary__item" aria-label={item.name}>
            <h3 className="payment-summary__name">
              {item.type === 'membership_change' ? checkoutWords('changeTo', { name: item.name }) : item.name}
              {item.type === 'membership_renewal' && ` ${checkoutWords('renewal')}`}
            </h3>
            <p className="card__meta">{item.categories.join(', ')}</p>
            <dl className="facts">
              <dt>{checkoutWords('centre')}</dt>
              <dd>{item.venue.name}</dd>
              <dt>{checkoutWords('startDate')}</dt>
              <dd>{prettyDate(costs.startDate)}</dd>
              <dt>{checkoutWords('payment')}</dt>
              <dd>
                {monthly
                  ? checkoutWords('monthly')
                  : checkoutWords('singlePayment', { duration: durationLabel(costs) })}
              </dd>
              <dt>{checkoutWords('membershipFee')}</dt>
              <dd>
                {costs.globalBasePrice.formatted}
                {monthly ? ` ${checkoutWords('perMonth')}` : ''}
              </dd>
              {costs.firstBillingDate && (
                <>
                  <dt>{checkoutWords('firstBillingDate')}</dt>
                  <dd>{prettyDate(costs.firstBillingDate)}</dd>
                </>
              )}
              {costs.endDate && (
                <>
                  <dt>{checkoutWords('endDate')}</dt>
                  <dd>{prettyDate(costs.endDate)}</dd>
                </>
              )}
            </dl>
            <dl className="summary-lines">
              {charged.map((line) => (
                <FeeRow
                  key={line.type}
                  line={line}
                  explained={explained}
                  change={item.type === 'membership_change'}
                />
              ))}
              {item.change && (
                <div className="summary-line">
                  <dt>{checkoutWords('fromNextCollection')}</dt>
                  <dd>{item.change.differenceToOldMembership}</dd>
                </div>
              )}
              {discounts.map((line) => (
                <FeeRow key={line.type} line={line} />
              ))}
              <div className="summary-line summary-line--total">
                <dt>{checkoutWords('toPayNow')}</dt>
                <dd>{item.price.formatted}</dd>
              </div>
            </dl>
            {explained?.firstCollection && <p className="card__meta">{explained.firstCollection}</p>}
          </section>
        );
      })}
    </aside>
  );
}
