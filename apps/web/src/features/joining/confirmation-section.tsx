import { maskAccountNumber, maskSortCode } from '@lido/contracts/bank-details-rules';
import { billingDayText } from '@lido/pricing/membership-costs';
import { prettyDate } from '../../i18n/dates.ts';
import { Button } from '../../ui/button.tsx';
import { getBankDetails } from './bank-details.ts';
import type { JoiningState } from './joining-store.ts';
import { joiningWords } from './words.ts';
import { pricingWords } from '../../i18n/pricing-words.ts';

/** Confirm your details: what will be set up, bank details masked, then "Continue to checkout". */
export function ConfirmationSection({
  state,
  membershipName,
  venueName,
  submitting,
  onSubmit,
}: {
  state: JoiningState;
  membershipName: string;
  venueName: string;
  submitting: boolean;
  onSubmit: () => void;
}) {
  const bank = getBankDetails();
  return (
    <>
      <dl className="facts">
        <dt>{joiningWords('membership')}</dt>
        <dd>{membershipName}</dd>
        <dt>{joiningWords('homeCentre')}</dt>
        <dd>{venueName}</dd>
        {state.startDate && (
          <>
            <dt>{joiningWords('startDate')}</dt>
            <dd>{prettyDate(state.startDate)}</dd>
          </>
        )}
        {state.billingDay !== null && (
          <>
            <dt>{joiningWords('billingDay')}</dt>
            <dd>{billingDayText(state.billingDay, pricingWords)}</dd>
          </>
        )}
        <dt>{joiningWords('accountHolder')}</dt>
        <dd>{bank.accountHolder || state.accountHolder}</dd>
        <dt>{joiningWords('sortCode')}</dt>
        <dd>{bank.sortCode ? maskSortCode(bank.sortCode) : joiningWords('notEntered')}</dd>
        <dt>{joiningWords('accountNumber')}</dt>
        <dd>{bank.accountNumber ? maskAccountNumber(bank.accountNumber) : joiningWords('notEntered')}</dd>
      </dl>
      <div className="form__actions">
        <Button variant="primary" size="lg" disabled={submitting} onClick={onSubmit}>
          {submitting ? joiningWords('savingMembership') : joiningWords('continueToCheckout')}
        </Button>
      </div>
    </>
  );
}
