import type { WaitingListEntry } from '@lido/contracts/waiting-list';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { myWaitingListsQuery, useLeaveWaitingList } from './waiting-list-api.ts';
import { waitingListWords } from './words.ts';
import './waiting-list.css';

function EntryCard({
  entry,
  onLeave,
  pending,
}: {
  entry: WaitingListEntry;
  onLeave: (entry: WaitingListEntry) => void;
  pending: boolean;
}) {
  return (
    <li className="card booking-card">
      {/* What and when: a list of headings all "Yoga" tells nothing (issue 34 item 4). */}
      <h3 className="card__title">
        {entry.activityName}, {entry.when}
      </h3>
      <p className={`status status--${entry.status === 'offered' ? 'active' : 'pending'}`}>
        {entry.statusText}
      </p>
      <dl className="facts">
        <dt>{waitingListWords('where')}</dt>
        <dd>
          {entry.locationName}, {entry.venueName}
        </dd>
      </dl>
      {entry.status === 'offered' && (
        <p>
          <SiteLink
            site="bookings"
            to={`/sessions/${entry.sessionId}`}
            className="button button--primary button--md"
          >
            {waitingListWords('bookThisPlace')}
            <span className="visually-hidden">
              {' '}
              {waitingListWords('forSessionOn', { activity: entry.activityName, when: entry.when })}
            </span>
          </SiteLink>
        </p>
      )}
      <Button variant="secondary" disabled={pending} onClick={() => onLeave(entry)}>
        {waitingListWords('leave')}
        <span className="visually-hidden">
          {' '}
          {waitingListWords('leaveContext', { activity: entry.activityName, when: entry.when })}
        </span>
      </Button>
    </li>
  );
}

/**
 * My account's waiting lists (decision 0052), on the Bookings page: each session the customer waits
 * for, where they stand or until when a place is kept for them, and "Leave". Leaving says so in a
 * notice that takes focus (the card and its button are gone).
 */
export function MyWaitingLists() {
  const lists = useQuery(myWaitingListsQuery);
  const leave = useLeaveWaitingList();
  const [left, setLeft] = useState<WaitingListEntry | null>(null);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (left) notice.current?.focus();
  }, [left]);

  const onLeave = async (entry: WaitingListEntry) => {
    try {
      await leave.mutateAsync(entry.id);
      setLeft(entry);
    } catch {
      /* shown below */
    }
  };

  if (lists.isPending || (lists.data?.length === 0 && !left)) return null;
  return (
    <section className="waiting-lists" aria-labelledby="waiting-lists-heading">
      <h2 id="waiting-lists-heading">{waitingListWords('waitingLists')}</h2>
      {left && (
        <div ref={notice} tabIndex={-1} className="notice notice--success" role="status">
          <p className="notice__title">{waitingListWords('youHaveLeft')}</p>
          <p>
            {left.activityName}, {left.when}.
          </p>
        </div>
      )}
      {leave.isError && (
        <p className="error-line" role="alert">
          {leave.error instanceof ApiError && leave.error.status < 500
            ? leave.error.message
            : genericErrorLine(leave.error instanceof ApiError ? leave.error.status : null)}
        </p>
      )}
      {lists.isError && (
        <p className="error-line">
          {genericErrorLine(lists.error instanceof ApiError ? lists.error.status : null)}
        </p>
      )}
      {lists.data && lists.data.length === 0 && <p>{waitingListWords('onNone')}</p>}
      {lists.data && lists.data.length > 0 && (
        <ul className="card-grid">
          {lists.data.map((entry) => (
            <EntryCard
              key={entry.id}
              entry={entry}
              onLeave={(e) => void onLeave(e)}
              pending={leave.isPending}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
