import type { MyPenaltyFees, PenaltyFee } from '@lido/contracts/penalty-fees';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { crossSiteUrl } from '../../app/site-mode/cross-site.ts';
import { useSiteMode } from '../../app/site-mode/site-mode.ts';
import { ApiError, apiFetch, apiGet } from '../../lib/api/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { TableScroll } from '../../ui/table-scroll.tsx';
import { accountWords } from './words.ts';

/** GET my-account/penalty-fees: fees for a no-show or a late cancellation (decision 0101). */
export const myPenaltyFeesQuery = queryOptions({
  queryKey: ['auth', 'penalty-fees'],
  queryFn: () => apiGet<MyPenaltyFees>('my-account/penalty-fees'),
});

const statusWords: Record<PenaltyFee['status'], string> = {
  owed: 'feeOwed',
  paid: 'feePaid',
  'given-back': 'feeGivenBack',
  waived: 'feeWaived',
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
        {owing ? accountWords('feesToPay', { amount: found.owed.formatted }) : accountWords('feesOnAccount')}
      </h2>
      {owing && <p>{accountWords('feesExplained')}</p>}
      <TableScroll label={accountWords('feesTable')}>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{accountWords('whatFor')}</th>
              <th scope="col">{accountWords('amount')}</th>
              <th scope="col">{accountWords('added')}</th>
              <th scope="col">{accountWords('status')}</th>
            </tr>
          </thead>
          <tbody>
            {found.fees.map((fee) => (
              <tr key={fee.id}>
                <th scope="row">{fee.about}</th>
                <td>{fee.amount.formatted}</td>
                <td>{fee.prettyGivenAt}</td>
                <td>
                  {accountWords(statusWords[fee.status])}
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
            : accountWords('somethingWentWrong')}
        </p>
      )}
      {owing && (
        <Button variant="primary" size="md" disabled={pay.isPending} onClick={() => pay.mutate()}>
          {accountWords('payNow')}
          <span className="visually-hidden">
            {' '}
            {accountWords('feesAmount', { amount: found.owed.formatted })}
          </span>
        </Button>
      )}
    </section>
  );
}
