import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '../../router/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { prettyDate } from '../../i18n/dates.ts';
import { zonedDateOf } from '../../i18n/session-when.ts';
import { membershipTimelineQuery } from './membership-exit-api.ts';
import { accountWords } from './words.ts';

/**
 * /memberships/:membershipId/history (issue 22 item 6): everything that happened to a membership,
 * oldest first: joined, changed, frozen, each payment, cancelled.
 */
export function MembershipHistoryPage() {
  const { membershipId = '' } = useParams();
  const timeline = useQuery(membershipTimelineQuery(membershipId));
  const { timeZone } = useClientSettings();
  return (
    <>
      <h1>{accountWords('membershipHistoryTitle')}</h1>
      {timeline.isPending && <Spinner label={accountWords('loadingHistory')} />}
      {timeline.isError && (
        <p className="error-line">
          {genericErrorLine(timeline.error instanceof ApiError ? timeline.error.status : null)}
        </p>
      )}
      {timeline.data && (
        <div className="panel">
          <h2>{timeline.data.membershipName}</h2>
          <ol className="timeline">
            {timeline.data.entries.map((entry, index) => (
              <li key={`${entry.date}-${index}`} className={`timeline__entry timeline__entry--${entry.kind}`}>
                <p className="timeline__when">{prettyDate(zonedDateOf(entry.date, timeZone))}</p>
                <p className="timeline__what">
                  <strong>{entry.title}</strong>
                  {entry.amount && <> {entry.amount.formatted}</>}
                </p>
                {entry.detail && <p className="timeline__detail">{entry.detail}</p>}
              </li>
            ))}
          </ol>
        </div>
      )}
      <p>
        <Link to="/memberships">{accountWords('backToMemberships')}</Link>
      </p>
    </>
  );
}
