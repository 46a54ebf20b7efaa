import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { myGuestPassesQuery, myPackagesQuery } from './get-account-lists.ts';

/** Loading, failure and the designed empty state, shared by the account's list pages. */
function ListState<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <Spinner label="Loading" />;
  if (query.isError)
    return (
      <p className="error-line">
        {genericErrorLine(query.error instanceof ApiError ? query.error.status : null)}
      </p>
    );
  if (query.data.length === 0) return <div className="panel">{empty}</div>;
  return <>{children(query.data)}</>;
}

const bookActivity = (
  <SiteLink site="bookings" to="/" className="button button--primary button--lg">
    Book an activity
  </SiteLink>
);

export function PackagesPage() {
  const packages = useQuery(myPackagesQuery);
  return (
    <>
      <h1>Packages</h1>
      <ListState
        query={packages}
        empty={
          <>
            <h2>You don&apos;t have any packages</h2>
            <p>Packages of sessions bought at a centre or online appear here, with the uses left.</p>
            {bookActivity}
          </>
        }
      >
        {(items) => (
          <ul className="card-grid">
            {items.map((item) => (
              <li key={item.id} className="card">
                <h2 className="card__title">{item.name}</h2>
                <p className={`status status--${item.expired ? 'ended' : 'active'}`}>
                  {item.expired ? 'Expired' : 'Active'}
                </p>
                <dl className="facts">
                  <dt>Centre</dt>
                  <dd>{item.venueName}</dd>
                  <dt>Uses left</dt>
                  <dd>
                    {item.remainingUses} of {item.totalUses}
                  </dd>
                  <dt>{item.expired ? 'Expired' : 'Expires'}</dt>
                  <dd>{item.prettyExpiresOn}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </>
  );
}

export function GuestPassesPage() {
  const passes = useQuery(myGuestPassesQuery);
  const labels = { available: 'Available', used: 'Used', expired: 'Expired' } as const;
  return (
    <>
      <h1>Guest passes</h1>
      <ListState
        query={passes}
        empty={
          <>
            <h2>You don&apos;t have any guest passes</h2>
            <p>Memberships that include guest passes add them here each month.</p>
          </>
        }
      >
        {(items) => (
          <ul className="card-grid">
            {items.map((pass) => (
              <li key={pass.id} className="card">
                <h2 className="card__title">Guest pass</h2>
                <p className={`status status--${pass.status === 'available' ? 'active' : 'ended'}`}>
                  {labels[pass.status]}
                </p>
                <dl className="facts">
                  <dt>Centre</dt>
                  <dd>{pass.venueName}</dd>
                  <dt>Valid until</dt>
                  <dd>{pass.prettyValidTo}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </>
  );
}
