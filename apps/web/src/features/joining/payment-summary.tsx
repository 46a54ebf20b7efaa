import type { Costs, MembershipType } from '@lido/contracts/membership';
import { chargeExplanations } from '@lido/pricing/fee-explanations';
import { daysLabel, feeLineLabel, feeLines } from '@lido/pricing/fee-lines';
import { durationLabel } from '../../lib/membership-price.ts';
import type { ChangeCosts } from './get-change-options.ts';
import { joiningWords } from './words.ts';
import { pricingWords } from '../../i18n/pricing-words.ts';

interface PaymentSummaryProps {
  membership: MembershipType | undefined;
  costs: Costs | undefined;
  loading: boolean;
  /** When changing a membership: the change costs instead of the joining costs. */
  change?: ChangeCosts | undefined;
  /** why the price could not be worked out, in place of the figures */
  priceProblem?: string | null | undefined;
  /** the chosen payment option always takes a month in hand (says why one is charged) */
  takesMonthInHand?: boolean | undefined;
}

/** "Payment summary" on wide screens, "Your selection" on narrow ones. */
function SummaryHeading() {
  return (
    <h2 id="payment-summary-heading" className="payment-summary__title">
      <span className="payment-summary__wide">{joiningWords('paymentSummary')}</span>
      <span className="payment-summary__narrow">{joiningWords('yourSelection')}</span>
    </h2>
  );
}

function Line({
  label,
  value,
  detail,
  explanation,
}: {
  label: string;
  value: string;
  detail?: string | undefined;
  /** what the charge pays for, in plain words (decision 0087) */
  explanation?: string | undefined;
}) {
  return (
    <div className={explanation ? 'summary-line summary-line--explained' : 'summary-line'}>
      <dt>
        {label}
        {detail && <span className="summary-line__detail">{detail}</span>}
      </dt>
      <dd>{value}</dd>
      {explanation && <dd className="summary-line__why">{explanation}</dd>}
    </div>
  );
}

/**
 * The sidebar: "Payment summary" on wide screens, "Your selection" on narrow ones, from the costs
 * call, so it always shows what the server will charge.
 */
export function PaymentSummary({
  membership,
  costs,
  loading,
  change,
  priceProblem,
  takesMonthInHand,
}: PaymentSummaryProps) {
  if (membership && priceProblem && !loading) {
    return (
      <aside className="payment-summary" aria-labelledby="payment-summary-heading">
        <SummaryHeading />
        <p className="payment-summary__name">{membership.name}</p>
        <p className="field__error" role="alert">
          {priceProblem}
        </p>
      </aside>
    );
  }
  if (change) {
    return (
      <aside className="payment-summary" aria-labelledby="payment-summary-heading" aria-busy={loading}>
        <SummaryHeading />
        <p className="payment-summary__name">{membership?.name}</p>
        <dl className="summary-lines">
          <Line
            label={joiningWords('newMembershipPrice')}
            value={joiningWords('perMonth', { price: change.newMembershipPrice.formatted })}
          />
          <Line label={joiningWords('difference')} value={change.differenceToOldMembership} />
          <div className="summary-line summary-line--total">
            <dt>{joiningWords('dueNow')}</dt>
            <dd>{change.totalDueNow.formatted}</dd>
          </div>
        </dl>
      </aside>
    );
  }
  const explained =
    costs &&
    chargeExplanations(
      {
        paymentType: costs.paymentType,
        startDate: costs.startDate,
        firstBillingDate: costs.firstBillingDate,
        proRataDays: costs.proRataDays,
        monthInHand: costs.fees.monthInHandFee.raw.amount > 0,
        monthlyPrice: costs.globalBasePrice.formatted,
        takesMonthInHand,
      },
      pricingWords,
    );
  return (
    <aside className="payment-summary" aria-labelledby="payment-summary-heading" aria-busy={loading}>
      <SummaryHeading />
      {!membership || !costs ? (
        <p>{loading ? joiningWords('workingOutCosts') : joiningWords('noMembershipSelected')}</p>
      ) : (
        <>
          <p className="payment-summary__name">{membership.name}</p>
          <p className="card__meta">
            {costs.paymentType === 'recurring'
              ? joiningWords('perMonth', { price: costs.globalBasePrice.formatted })
              : joiningWords('priceFor', {
                  price: costs.globalBasePrice.formatted,
                  duration: durationLabel(costs),
                })}
          </p>
          <dl className="summary-lines">
            {feeLines(costs, (money) => money.raw.amount, { fixedPrice: costs.globalBasePrice }).map(
              (line) => (
                <Line
                  key={line.type}
                  label={feeLineLabel(line, pricingWords)}
                  detail={line.days === undefined ? undefined : daysLabel(line.days, pricingWords)}
                  explanation={explained?.fees[line.type]}
                  value={line.type === 'discount' ? `−${line.price.formatted}` : line.price.formatted}
                />
              ),
            )}
            <div className="summary-line summary-line--total">
              <dt>{joiningWords('toPayNow')}</dt>
              <dd>{costs.totalToPayNow.formatted}</dd>
            </div>
          </dl>
          {explained?.firstCollection && <p className="card__meta">{explained.firstCollection}</p>}
        </>
      )}
    </aside>
  );
}
