import { useState } from 'react';
import { useFocusAfterRender } from '../../../lib/focus/use-focus-after-render.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { LoadFailed } from '../till/load-failed.tsx';
import { useCustomerPenaltyFees, useWaivePenaltyFee } from './registers-api.ts';
import { ReasonForm } from './reason-form.tsx';

const statusWords = {
  owed: 'to pay',
  paid: 'paid',
  'given-back': 'paid, given back as account credit',
  waived: 'waived',
} as const;

/**
 * A customer's fees for a no-show or a late cancellation on their page at the desk (decision
 * 0101): what each was for, how much, when, whether paid; "Waive fee" for a manager of its centre,
 * with a reason the audit log keeps.
 */
export function CustomerPenaltyFees({ customerId, name }: { customerId: number; name: string }) {
  const fees = useCustomerPenaltyFees(customerId);
  const waive = useWaivePenaltyFee();
  const [waiving, setWaiving] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const focusAfterRender = useFocusAfterRender();
  if (fees.isPending) return <Spinner label="Loading the fees" />;
  if (fees.isError) return <LoadFailed error={fees.error} />;
  const chosen = fees.data.fees.find((fee) => fee.id === waiving);
  const done = (feeId: number) => {
    setWaiving(null);
    focusAfterRender(() => document.getElementById(`fee-${feeId}`));
  };
  return (
    <div className="customer-fees">
      <p role="status" className="register__said">
        {said}
      </p>
      {fees.data.fees.length === 0 ? (
        <p>No fees.</p>
      ) : (
        <ul className="desk-list">
          {fees.data.fees.map((fee) => (
            <li key={fee.id} className="desk-list__item" id={`fee-${fee.id}`} tabIndex={-1}>
              <span>
                {fee.about}: {fee.amount.formatted}, added {fee.prettyGivenAt}, {statusWords[fee.status]}
                {fee.status === 'waived' && fee.waivedReason ? ` (${fee.waivedReason})` : ''}
              </span>
              {fee.waivable && (
                <Button variant="link" size="sm" onClick={() => setWaiving(fee.id)}>
                  Waive fee<span className="visually-hidden"> for {fee.about}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <ReasonForm
          id="waive-fee"
          heading={`Waive ${name}’s ${chosen.amount.formatted} fee`}
          submitLabel="Waive fee"
          emptyMessage="Enter why the fee is waived."
          failedMessage="The fee could not be waived."
          pending={waive.isPending}
          submit={async (reason) => {
            await waive.mutateAsync({ feeId: chosen.id, reason });
            setSaid(`The ${chosen.amount.formatted} fee is waived for ${name}.`);
            done(chosen.id);
          }}
          onCancel={() => done(chosen.id)}
        />
      )}
    </div>
  );
}
