import type { OutstandingBalance } from '@lido/contracts/outstanding-balance';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { crossSiteUrl } from '../../app/site-mode/cross-site.ts';
import { useSiteMode } from '../../app/site-mode/site-mode.ts';
import { ApiError, apiFetch, apiGet } from '../../lib/api/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { prettyDate } from '../../i18n/dates.ts';
import { accountWords } from './words.ts';

/** GET my-account/outstanding-balance: failed Direct Debit payments the member can pay by card. */
export const myOutstandingBalanceQuery = queryOptions({
  queryKey: ['auth', 'outstanding-balance'],
  queryFn: () => apiGet<OutstandingBalance>('my-account/outstanding-balance'),
});

/** Whether the member owes a failed payment (the Dashboard then says so once, here). */
export function useOwesBalance(): boolean {
  const balance = useQuery(myOutstandingBalanceQuery);
  return (balance.data?.collections.length ?? 0) > 0;
}

/**
 * "Pay now": the failed payments go into the basket and the member goes to the usual card
 * checkout (on the joining site, whose confirmation page says what was paid).
 */
function usePayNow() {
  const settings = useClientSettings();
  const { embedded } = useSiteMode();
  return useMutation({
    mutationFn: () => apiFetch('my-account/outstanding-balance/pay', { method: 'POST' }),
    meta: { inlineValidation: true },
    onSuccess: () =>
      window.location.assign(crossSiteUrl(settings.siteUrls, 'online-joining', '/checkout', { embedded })),
  });
}

/**
 * What a member owes after a Direct Debit payment failed, and "Pay now" to pay it by card at once
 * (issue 22 item 4). Shown on the Dashboard and on Memberships; nothing when nothing is owed.
 */
export function OutstandingBalanceNotice({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const balance = useQuery(myOutstandingBalanceQuery);
  const pay = usePayNow();
  const headingId = useId();
  const owed = balance.data;
  if (!owed || owed.collections.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [only] = owed.collections;
  return (
    <section className="notice notice--danger outstanding-balance" aria-labelledby={headingId}>
      <Heading className="notice__title" id={headingId}>
        {accountWords('owedTitle', { amount: owed.total.formatted })}
      </Heading>
      {owed.collections.length === 1 && only ? (
        <p>
          {accountWords('owedOne', {
            amount: only.amount.formatted,
            membership: only.membershipName,
            date: prettyDate(only.billingDate),
          })}
        </p>
      ) : (
        <>
          <p>{accountWords('owedSeveral')}</p>
          <ul>
            {owed.collections.map((collection) => (
              <li key={collection.collectionId}>
                {accountWords('owedLine', {
                  amount: collection.amount.formatted,
                  membership: collection.membershipName,
                  date: prettyDate(collection.billingDate),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        {accountWords('payOwedByCard')}
        {owed.blocksBooking && ` ${accountWords('cantBookUntilPaid')}`}
      </p>
      {pay.isError && (
        <p className="error-line" role="alert">
          {pay.error instanceof ApiError && pay.error.status === 422
            ? pay.error.message
            : accountWords('somethingWentWrong')}
        </p>
      )}
      <Button variant="primary" size="md" disabled={pay.isPending} onClick={() => pay.mutate()}>
        {accountWords('payNow')}
        <span className="visually-hidden"> {owed.total.formatted}</span>
      </Button>
    </section>
  );
}
