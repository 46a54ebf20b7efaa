import type { MyPenaltyFees, PenaltyFee } from '@lido/contracts/penalty-fees';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { crossSiteUrl } from '../../app/site-mode/cross-site.ts';
import { useSiteMode } from '../../app/site-mode/site-mode.ts';
import { ApiError, apiFetch, apiGet } from '../../lib/api/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { TableScroll } from '../../ui/table-scroll.tsx';

/** GET my-account/penalty-fees: fees for a no-show or a late cancellation (decision 0101). */
export const myPenaltyFeesQuery = queryOptions({
  queryKey: ['auth', 'penalty-fees'],
  queryFn: () => apiGet<MyPenaltyFees>('my-account/penalty-fees'),
});

const statusWords: Record<PenaltyFee['status'], string> = {
  owed: 'To pay',
  paid: 'Paid',
  'given-back': 'Given back as account credit',
  waived: 'Waived',
};

/** "Pay now": the fees owed go into the basket, and the customer goes to it to pay as usual. */
function usePayNow() {
  const settings = useClientSettings();
  const { embedded } = useSiteMode();
  return useMutation({
    mutationFn: () => apiFetch('my-account/penalty-fees/pay', { method: 'POST' }),
    meta: { inlineValidation: true },
    onSuccess: () =>
      window.location.assign(crossSiteUrl(settings.siteUrls, 'bookings', '/basket', { embedded })),
  });
}

/**
 * Fees on the account for a no-show or a late cancellation (issue 35 item 6, decision 0101): what
 * each was for, how much and when, and "Pay now" while any is owed (online booking is stopped until
 * then). Nothing when the customer has never had one.
 */
export function PenaltyFeesSection() {
  const fees = useQuery(myPenaltyFeesQuery);
  const pay = usePayNow();
  const headingId = useId();
  const found = fees.data;
  if (!found || found.fees.length === 0) return null;
  const owing = found.owed.raw.amount > 0;
  return (
    <section className={`notice${owing ? ' notice--danger' : ''} penalty-fees`} aria-labelledby={headingId}>
      <h2 className="notice__title" id={headingId}>
        {owing ? `You have ${found.owed.formatted} of fees to pay` : 'Fees on your account'}
      </h2>
      {owing && (
        <p>
          A fee is added for a no-show or a late cancellation. You can’t book online until it is paid, but you
          can still book at the centre’s reception.
        </p>
      )}
      <TableScroll label="Fees for a no-show or a late cancellation">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">What for</th>
              <th scope="col">Amount</th>
              <th scope="col">Added</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {found.fees.map((fee) => (
              <tr key={fee.id}>
                <th scope="row">{fee.about}</th>
                <td>{fee.amount.formatted}</td>
                <td>{fee.prettyGivenAt}</td>
                <td>
                  {statusWords[fee.status]}
                  {fee.status === 'waived' && fee.waivedReason ? ` (${fee.waivedReason})` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {pay.isError && (
        <p className="error-line" role="alert">
          {pay.error instanceof ApiError && pay.error.status === 422
            ? pay.error.message
            : 'Something went wrong, please try again.'}
        </p>
      )}
      {owing && (
        <Button variant="primary" size="md" disabled={pay.isPending} onClick={() => pay.mutate()}>
          Pay now<span className="visually-hidden"> {found.owed.formatted} of fees</span>
        </Button>
      )}
    </section>
  );
}
