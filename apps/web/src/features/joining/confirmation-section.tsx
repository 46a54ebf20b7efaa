import { maskAccountNumber, maskSortCode } from '@lido/contracts/bank-details-rules';
import { prettyDate } from '@lido/pricing/calendar-date';
import { billingDayText } from '@lido/pricing/membership-costs';
import { Button } from '../../ui/button.tsx';
import { getBankDetails } from './bank-details.ts';
import type { JoiningState } from './joining-store.ts';

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
        <dt>Membership</dt>
        <dd>{membershipName}</dd>
        <dt>Home centre</dt>
        <dd>{venueName}</dd>
        {state.startDate && (
          <>
            <dt>Start date</dt>
            <dd>{prettyDate(state.startDate)}</dd>
          </>
        )}
        {state.billingDay !== null && (
          <>
            <dt>Billing day</dt>
            <dd>{billingDayText(state.billingDay)}</dd>
          </>
        )}
        <dt>Account holder</dt>
        <dd>{bank.accountHolder || state.accountHolder}</dd>
        <dt>Sort code</dt>
        <dd>{bank.sortCode ? maskSortCode(bank.sortCode) : 'Not entered'}</dd>
        <dt>Account number</dt>
        <dd>{bank.accountNumber ? maskAccountNumber(bank.accountNumber) : 'Not entered'}</dd>
      </dl>
      <div className="form__actions">
        <Button variant="primary" size="lg" disabled={submitting} onClick={onSubmit}>
          {submitting ? 'Saving your membership…' : 'Continue to checkout'}
        </Button>
      </div>
    </>
  );
}
