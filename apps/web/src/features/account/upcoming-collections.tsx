import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { prettyDate } from '../../i18n/dates.ts';
import { TableScroll } from '../../ui/table-scroll.tsx';
import { myUpcomingCollectionsQuery } from './get-direct-debit.ts';
import { accountWords } from './words.ts';

/**
 * My account's upcoming Direct Debit collections (issue 33 item 2): the last ones taken and the next
 * ones, each with its date, amount, what it is for and its status, exactly as the collection engine
 * holds them (and will make them, by its own rule). Nothing for a customer who does not pay by
 * Direct Debit.
 */
export function UpcomingCollections() {
  const upcoming = useQuery(myUpcomingCollectionsQuery);
  if (upcoming.isPending) return <Spinner label={accountWords('loadingCollections')} />;
  if (upcoming.isError)
    return (
      <p className="error-line">
        {genericErrorLine(upcoming.error instanceof ApiError ? upcoming.error.status : null)}
      </p>
    );
  const { paysByDirectDebit, collections } = upcoming.data;
  if (!paysByDirectDebit && collections.length === 0) return null;
  return (
    <section className="panel panel--wide" aria-labelledby="upcoming-collections-heading">
      <h2 id="upcoming-collections-heading">{accountWords('upcomingCollections')}</h2>
      {collections.length === 0 ? (
        <p>{accountWords('noCollections')}</p>
      ) : (
        <TableScroll label={accountWords('upcomingCollections')}>
          <table className="table">
            <caption className="visually-hidden">{accountWords('collectionsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{accountWords('date')}</th>
                <th scope="col">{accountWords('for')}</th>
                <th scope="col">{accountWords('amount')}</th>
                <th scope="col">{accountWords('status')}</th>
              </tr>
            </thead>
            <tbody>
              {collections.map((collection) => (
                <tr key={`${collection.membershipId}-${collection.id ?? collection.date}`}>
                  <td>{prettyDate(collection.date)}</td>
                  <td>{collection.description}</td>
                  <td>{collection.amount.formatted}</td>
                  <td>{collection.statusLabel}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
