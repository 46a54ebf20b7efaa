import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { prettyDate } from '../../i18n/dates.ts';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { type HeldPackage, myPackagesQuery } from './get-account-lists.ts';
import { accountWords } from './words.ts';

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
  if (query.isPending) return <Spinner label={accountWords('loading')} />;
  if (query.isError)
    return (
      <p className="error-line">
        {genericErrorLine(query.error instanceof ApiError ? query.error.status : null)}
      </p>
    );
  if (query.data.length === 0) return <div className="panel">{empty}</div>;
  return <>{children(query.data)}</>;
}

const bookActivity = () => (
  <SiteLink site="bookings" to="/" className="button button--primary button--lg">
    {accountWords('bookActivity')}
  </SiteLink>
);

/** The bookings that used a package, and the cancellations that gave uses back (decision 0049). */
function PackageHistory({ item }: { item: HeldPackage }) {
  const headingId = `package-history-${item.id}`;
  if (item.history.length === 0) return <p className="card__meta">{accountWords('packageNotUsed')}</p>;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="package-history__title">
        {accountWords('packageHistory')}
      </h3>
      <ul className="package-history">
        {item.history.map((use) => (
          <li key={use.id}>
            <strong>{use.activityName}</strong>, <time dateTime={use.startsAt}>{use.when}</time>
            {use.uses > 1 ? ` ${accountWords('packageUses', { count: use.uses })}` : ''}: {use.statusText}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PackagesPage() {
  const packages = useQuery(myPackagesQuery);
  return (
    <>
      <h1>{accountWords('packagesTitle')}</h1>
      <ListState
        query={packages}
        empty={
          <>
            <h2>{accountWords('noPackages')}</h2>
            <p>{accountWords('noPackagesText')}</p>
            {bookActivity()}
          </>
        }
      >
        {(items) => (
          <ul className="card-grid">
            {items.map((item) => (
              <li key={item.id} className="card">
                <h2 className="card__title">{item.name}</h2>
                <p className={`status status--${item.expired ? 'ended' : 'active'}`}>
                  {item.expired ? accountWords('packageExpired') : accountWords('packageActive')}
                </p>
                <dl className="facts">
                  <dt>{accountWords('centre')}</dt>
                  <dd>{item.venueName}</dd>
                  <dt>{accountWords('usesLeft')}</dt>
                  <dd>
                    {accountWords('usesLeftCount', { left: item.remainingUses, total: item.totalUses })}
                  </dd>
                  <dt>
                    {item.expired ? accountWords('packageExpiredOn') : accountWords('packageExpiresOn')}
                  </dt>
                  <dd>{prettyDate(item.expiresOn)}</dd>
                  {item.covers && (
                    <>
                      <dt>{accountWords('packagePaysFor')}</dt>
                      <dd>{item.covers}</dd>
                    </>
                  )}
                </dl>
                <PackageHistory item={item} />
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </>
  );
}
