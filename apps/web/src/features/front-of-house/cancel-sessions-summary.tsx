import type { CancellationPreview, CancellationResult } from '@lido/contracts/centre-cancellations';
import { type RefObject } from 'react';
import { Button } from '../../ui/button.tsx';
import { TableScroll } from '../../ui/table-scroll.tsx';
import { useStaffMoney } from './staff-money.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What cancelling touches, before the manager confirms (decision 0095): the sessions found, each
 * ticked to cancel, then the bookings, the waiting list and the money by the way it was paid.
 */
export function CancellationCheck({
  preview,
  chosen,
  onChoose,
  headingRef,
  pending,
  onConfirm,
  onBack,
}: {
  preview: CancellationPreview;
  chosen: Set<number>;
  onChoose: (id: number, on: boolean) => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const picked = preview.sessions.filter((session) => chosen.has(session.id));
  const bookings = picked.reduce((sum, session) => sum + session.bookings, 0);
  const waiting = picked.reduce((sum, session) => sum + session.waiting, 0);
  const money = useStaffMoney();
  // The money of the ticked sessions only: to cards by way of card, everything else's credit share
  // to account credit (as the server counts it for all the sessions found).
  const ways = preview.money
    .map((way) => {
      const parts = picked.flatMap((session) => session.byWay);
      const mine = parts.filter((part) => part.paidBy === way.paidBy);
      const pence =
        way.paidBy === 'card'
          ? mine.reduce((sum, part) => sum + part.cardPence, 0)
          : way.paidBy === 'credit'
            ? parts.reduce((sum, part) => sum + part.creditPence, 0)
            : null;
      return { ...way, bookings: mine.reduce((sum, part) => sum + part.bookings, 0), pence };
    })
    .filter((way) => way.bookings > 0);
  return (
    <section aria-labelledby="cancel-check-heading" className="panel panel--wide">
      <h2 id="cancel-check-heading" ref={headingRef} tabIndex={-1}>
        Check before you cancel
      </h2>
      {preview.sessions.length === 0 ? (
        <p>No sessions run then that have not started or been cancelled already.</p>
      ) : (
        <>
          <TableScroll label="Sessions found">
            <table className="table">
              <caption className="visually-hidden">Sessions found</caption>
              <thead>
                <tr>
                  <th scope="col">Cancel</th>
                  <th scope="col">Session</th>
                  <th scope="col">Place</th>
                  <th scope="col">Bookings</th>
                  <th scope="col">Waiting list</th>
                </tr>
              </thead>
              <tbody>
                {preview.sessions.map((session) => (
                  <tr key={session.id}>
                    <td>
                      <input
                        type="checkbox"
                        id={`cancel-session-${session.id}`}
                        checked={chosen.has(session.id)}
                        onChange={(event) => onChoose(session.id, event.target.checked)}
                        aria-label={`Cancel ${session.activityName}, ${session.when}`}
                      />
                    </td>
                    <td>
                      {session.activityName}, {session.when}
                    </td>
                    <td>{session.placeName}</td>
                    <td>{session.bookings}</td>
                    <td>{session.waiting}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <dl className="facts" aria-label="What cancelling touches">
            <dt>Sessions to cancel</dt>
            <dd>{picked.length}</dd>
            <dt>Bookings to cancel</dt>
            <dd>{bookings}</dd>
            <dt>Waiting-list entries to close</dt>
            <dd>{waiting}</dd>
          </dl>
          {ways.length > 0 && (
            <TableScroll label="Money and uses given back">
              <table className="table">
                <caption>Money and uses given back</caption>
                <thead>
                  <tr>
                    <th scope="col">Paid by</th>
                    <th scope="col">Bookings</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Goes back</th>
                  </tr>
                </thead>
                <tbody>
                  {ways.map((way) => (
                    <tr key={way.paidBy}>
                      <th scope="row">{way.label}</th>
                      <td>{way.bookings}</td>
                      <td>{way.pence === null ? 'Not money' : money(way.pence)}</td>
                      <td>{way.goesBack}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          <p>{preview.refundRule}</p>
          <p className="notice notice--warning">
            Every booker and everyone on the waiting list is emailed at once. This can’t be undone.
          </p>
        </>
      )}
      <div className="till-toolbar">
        {preview.sessions.length > 0 && (
          <Button
            type="button"
            variant="primary"
            size="md"
            disabled={pending || picked.length === 0}
            onClick={onConfirm}
          >
            {`Cancel ${plural(picked.length, 'session', 'sessions')}`}
          </Button>
        )}
        <Button type="button" variant="secondary" size="md" onClick={onBack}>
          Change the search
        </Button>
      </div>
    </section>
  );
}

/** The manager's summary once the cancellation has run. */
export function CancellationSummary({
  result,
  headingRef,
  onMore,
}: {
  result: CancellationResult;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onMore: () => void;
}) {
  return (
    <section aria-labelledby="cancel-done-heading" className="panel panel--wide">
      <h2 id="cancel-done-heading" ref={headingRef} tabIndex={-1}>
        {`${plural(result.sessions.length, 'session', 'sessions')} cancelled`}
      </h2>
      <p>Reason given to customers: {result.reason}</p>
      <ul>
        {result.sessions.map((session) => (
          <li key={session.id}>
            {session.activityName}, {session.when}, {session.placeName}:{' '}
            {plural(session.bookings, 'booking', 'bookings')} cancelled
          </li>
        ))}
      </ul>
      <dl className="facts" aria-label="Summary">
        <dt>Bookings cancelled</dt>
        <dd>{result.bookingsCancelled}</dd>
        <dt>Card refunds made</dt>
        <dd>
          {result.cardRefunds} ({result.cardRefunded.formatted})
        </dd>
        <dt>Added to account credit</dt>
        <dd>{result.creditAdded.formatted}</dd>
        <dt>Uses given back</dt>
        <dd>{result.usesGivenBack}</dd>
        <dt>Card refunds that failed</dt>
        <dd>{result.refundsFailed}</dd>
        <dt>Waiting list told</dt>
        <dd>{result.waitingListTold}</dd>
      </dl>
      {(result.refundsFailed > 0 || result.refundsPending > 0) && (
        <p className="notice notice--warning">
          {`${plural(result.refundsFailed + result.refundsPending, 'card refund has', 'card refunds have')} not gone through yet. The payments job tries each again; any it gives up on are listed by npm run payments:attention for staff to refund.`}
        </p>
      )}
      <Button type="button" variant="secondary" size="md" onClick={onMore}>
        Cancel more sessions
      </Button>
    </section>
  );
}
