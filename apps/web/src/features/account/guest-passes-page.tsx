import type { GuestPassUse } from '@lido/contracts/guest-passes';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TableScroll } from '../../ui/table-scroll.tsx';
import { myGuestPassesQuery } from './get-guest-passes.ts';

const useStatus: Record<GuestPassUse['status'], string> = {
  held: 'In your basket',
  used: 'Booked',
  returned: 'Cancelled: pass given back',
};

/** Every guest the member has brought (or is bringing), latest visit first. */
function GuestList({ uses }: { uses: GuestPassUse[] }) {
  if (uses.length === 0) return <p>You haven&apos;t brought any guests yet.</p>;
  return (
    <TableScroll label="Guests you have brought">
      <table className="table">
        <caption className="visually-hidden">Guests you have brought</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Session</th>
            <th scope="col">Guest</th>
            <th scope="col">Pass</th>
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
              <td>{useStatus[use.status]}</td>
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
      <h1>Guest passes</h1>
      {passes.isPending ? (
        <Spinner label="Loading" />
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
              <h2>You don&apos;t have any guest passes</h2>
              <p>Memberships that include guest passes show them here, with the guests you bring.</p>
            </div>
          ) : (
            <ul className="card-grid">
              {passes.data.allowances.map((allowance) => (
                <li key={allowance.membershipId} className="card">
                  <h2 className="card__title">{allowance.membershipName}</h2>
                  <p className="guest-passes__left">
                    {allowance.left} of {allowance.totalUses} guest{' '}
                    {allowance.totalUses === 1 ? 'pass' : 'passes'} left for {allowance.periodName}
                  </p>
                  <dl className="facts">
                    <dt>Includes</dt>
                    <dd>{allowance.allowanceText}</dd>
                    <dt>Used</dt>
                    <dd>{allowance.used}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          )}
          <h2 className="guest-passes__heading">Your guests</h2>
          <GuestList uses={passes.data.uses} />
          <p>
            To bring a guest, choose a session and use <strong>Bring a guest</strong> on its page.
          </p>
          <p>
            <SiteLink site="bookings" to="/" className="button button--primary button--lg">
              Book an activity
            </SiteLink>
          </p>
        </>
      )}
    </>
  );
}
