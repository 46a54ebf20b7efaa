import type { GuestPassUse } from '@lido/contracts/guest-passes';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TableScroll } from '../../ui/table-scroll.tsx';
import { wordsWithParts } from '../../i18n/words-with-parts.tsx';
import { myGuestPassesQuery } from './get-guest-passes.ts';
import { accountWords } from './words.ts';

const useStatus: Record<GuestPassUse['status'], string> = {
  held: 'guestPassHeld',
  used: 'guestPassUsed',
  returned: 'guestPassReturned',
};

/** Every guest the member has brought (or is bringing), latest visit first. */
function GuestList({ uses }: { uses: GuestPassUse[] }) {
  if (uses.length === 0) return <p>{accountWords('noGuestsYet')}</p>;
  return (
    <TableScroll label={accountWords('guestsBrought')}>
      <table className="table">
        <caption className="visually-hidden">{accountWords('guestsBrought')}</caption>
        <thead>
          <tr>
            <th scope="col">{accountWords('date')}</th>
            <th scope="col">{accountWords('session')}</th>
            <th scope="col">{accountWords('guest')}</th>
            <th scope="col">{accountWords('pass')}</th>
          </tr>
        </thead>
        <tbody>
          {uses.map((use) => (
            <tr key={use.id}>
              <td>{use.when}</td>
              <td>
                {use.activityName}, {use.venueName}
              </td>
              <td>{use.guestName}</td>
              <td>{accountWords(useStatus[use.status])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * My account → Guest passes (issue 18 item 3, decision 0050): the passes each membership has left
 * this period and every guest brought with one. Only routed while the operator's setting is on.
 */
export function GuestPassesPage() {
  const passes = useQuery(myGuestPassesQuery);
  return (
    <>
      <h1>{accountWords('guestPassesTitle')}</h1>
      {passes.isPending ? (
        <Spinner label={accountWords('loading')} />
      ) : passes.isError ? (
        <p className="error-line">
          {passes.error instanceof ApiError && passes.error.status === 403
            ? passes.error.message
            : genericErrorLine(passes.error instanceof ApiError ? passes.error.status : null)}
        </p>
      ) : (
        <>
          {passes.data.allowances.length === 0 ? (
            <div className="panel">
              <h2>{accountWords('noGuestPasses')}</h2>
              <p>{accountWords('noGuestPassesText')}</p>
            </div>
          ) : (
            <ul className="card-grid">
              {passes.data.allowances.map((allowance) => (
                <li key={allowance.membershipId} className="card">
                  <h2 className="card__title">{allowance.membershipName}</h2>
                  <p className="guest-passes__left">
                    {accountWords('guestPassesLeft', {
                      left: allowance.left,
                      total: allowance.totalUses,
                      period: allowance.periodName,
                    })}
                  </p>
                  <dl className="facts">
                    <dt>{accountWords('includes')}</dt>
                    <dd>{allowance.allowanceText}</dd>
                    <dt>{accountWords('used')}</dt>
                    <dd>{allowance.used}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          )}
          <h2 className="guest-passes__heading">{accountWords('yourGuests')}</h2>
          <GuestList uses={passes.data.uses} />
          <p>
            {wordsWithParts(accountWords, 'howToBringGuest', {
              bringGuest: <strong>{accountWords('bringGuestButton')}</strong>,
            })}
          </p>
          <p>
            <SiteLink site="bookings" to="/" className="button button--primary button--lg">
              {accountWords('bookActivity')}
            </SiteLink>
          </p>
        </>
      )}
    </>
  );
}
