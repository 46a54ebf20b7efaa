import type { CartItem } from '@lido/contracts/cart';
import { prettyDate } from '@lido/pricing/calendar-date';
import { durationLabel } from '../../lib/membership-price.ts';

/** The right-hand summary of checkout: one block per membership in the basket. */
export function CheckoutSummary({ items }: { items: CartItem[] }) {
  return (
    <aside className="payment-summary checkout-summary" aria-labelledby="checkout-summary-heading">
      <h2 id="checkout-summary-heading" className="payment-summary__title">
        Summary
      </h2>
      {items.map((item) => {
        const { costs } = item;
        const monthly = costs.paymentType === 'recurring';
        return (
          <section key={item.id} className="checkout-summary__item" aria-label={item.name}>
            <h3 className="payment-summary__name">
              {item.type === 'membership_change' ? `Change to ${item.name}` : item.name}
              {item.type === 'membership_renewal' && ' (renewal)'}
            </h3>
            <p className="card__meta">{item.categories.join(', ')}</p>
            <dl className="facts">
              <dt>Centre</dt>
              <dd>{item.venue.name}</dd>
              <dt>Start date</dt>
              <dd>{prettyDate(costs.startDate)}</dd>
              <dt>Payment</dt>
              <dd>{monthly ? 'Monthly' : `Single payment for ${durationLabel(costs)}`}</dd>
              <dt>Membership fee</dt>
              <dd>
                {costs.globalBasePrice.formatted}
                {monthly ? ' per month' : ''}
              </dd>
              {costs.prettyFirstBillingDate && (
                <>
                  <dt>First billing date</dt>
                  <dd>{costs.prettyFirstBillingDate}</dd>
                </>
              )}
              {costs.endDate && (
                <>
                  <dt>End date</dt>
                  <dd>{prettyDate(costs.endDate)}</dd>
                </>
              )}
            </dl>
            <dl className="summary-lines">
              {costs.fees.joiningFee.raw.amount > 0 && (
                <div className="summary-line">
                  <dt>Setup fee</dt>
                  <dd>{costs.fees.joiningFee.formatted}</dd>
                </div>
              )}
              {costs.fees.monthInHandFee.raw.amount > 0 && (
                <div className="summary-line">
                  <dt>Month in hand fee</dt>
                  <dd>{costs.fees.monthInHandFee.formatted}</dd>
                </div>
              )}
              {monthly && (
                <div className="summary-line">
                  <dt>
                    {item.type === 'membership_change'
                      ? 'Difference to your next collection'
                      : 'Pro-rata membership payment'}
                    <span className="summary-line__detail">
                      {costs.proRataDays} {costs.proRataDays === 1 ? 'day' : 'days'}
                    </span>
                  </dt>
                  <dd>{costs.fees.proRataFee.formatted}</dd>
                </div>
              )}
              {item.change && (
                <div className="summary-line">
                  <dt>From your next collection</dt>
                  <dd>{item.change.differenceToOldMembership}</dd>
                </div>
              )}
              {costs.fees.discount.raw.amount > 0 && (
                <div className="summary-line">
                  <dt>Discount</dt>
                  <dd>−{costs.fees.discount.formatted}</dd>
                </div>
              )}
              <div className="summary-line summary-line--total">
                <dt>To pay now</dt>
                <dd>{item.price.formatted}</dd>
              </div>
            </dl>
          </section>
        );
      })}
    </aside>
  );
}
