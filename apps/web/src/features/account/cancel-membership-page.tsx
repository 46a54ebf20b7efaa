import { reasonMaxLength, type MembershipExit } from '@lido/contracts/membership-exit';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from '../../router/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { prettyDate } from '../../i18n/dates.ts';
import { membershipExitQuery, useCancelMembership } from './membership-exit-api.ts';
import { accountWords } from './words.ts';

/** A refusal's words: the server's message for a 4xx, the generic line otherwise. */
function refusalText(error: Error): string {
  return error instanceof ApiError && error.status < 500 && error.message
    ? error.message
    : genericErrorLine(error instanceof ApiError ? error.status : null);
}

/** The last day, the last collection or the refund, and what happens after: all before confirming. */
export function ExitTerms({ exit }: { exit: MembershipExit }) {
  const done = exit.cancelledAt !== null;
  return (
    <>
      {exit.kind === 'cooling_off' && !done && (
        <p>
          {accountWords('coolingOff', { date: exit.coolingOffEndsOn && prettyDate(exit.coolingOffEndsOn) })}
        </p>
      )}
      <dl className="facts">
        <dt>{accountWords('lastDay')}</dt>
        <dd>{prettyDate(exit.lastDay)}</dd>
        {exit.kind === 'notice' && (
          <>
            <dt>{accountWords('lastCollection')}</dt>
            <dd>
              {exit.lastCollection
                ? accountWords('amountOnDate', {
                    amount: exit.lastCollection.amount.formatted,
                    date: prettyDate(exit.lastCollection.date),
                  })
                : accountWords('noLastCollection')}
            </dd>
          </>
        )}
        {exit.refund && (
          <>
            <dt>{accountWords('refund')}</dt>
            <dd>{exit.refund.total.formatted}</dd>
          </>
        )}
      </dl>
      {exit.refund && (
        <p>
          {exit.refund.text}{' '}
          {accountWords('refundKept', {
            paid: exit.refund.paid.formatted,
            used: exit.refund.used.formatted,
            days: exit.refund.daysUsed,
          })}
        </p>
      )}
      {exit.kind === 'notice' && exit.collectionsToCome && exit.collectionsToCome.length > 0 && (
        <>
          <h2>{accountWords('collectionsToCome')}</h2>
          <ul>
            {exit.collectionsToCome.map((collection) => (
              <li key={collection.date}>
                {accountWords('collectionLine', {
                  amount: collection.amount.formatted,
                  date: prettyDate(collection.date),
                  description: collection.description,
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      {exit.collectionsStopped && (
        <p>
          {exit.kind === 'notice'
            ? accountWords('directDebitStopsAfterLast')
            : accountWords('noMoreDirectDebit')}
        </p>
      )}
      <h2>{accountWords('afterLastDay')}</h2>
      <ul>
        {exit.afterwards.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
    </>
  );
}

/**
 * The one confirming action under what cancelling does: the terms, an optional reason, a refusal
 * (focused), and the button. My account and the desk's supervisor (decision 0085) word it each
 * their own way; the rule, the terms and the call are the same.
 */
export function CancelMembershipForm({
  exit,
  cancel,
  words,
  keep,
}: {
  exit: MembershipExit;
  cancel: ReturnType<typeof useCancelMembership>;
  words: { heading: string; intro?: string; reason: string; submit: string };
  keep?: ReactNode;
}) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const refusal = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (cancel.error) refusal.current?.focus();
  }, [cancel.error]);
  return (
    <form
      className="panel form"
      onSubmit={(event) => {
        event.preventDefault();
        cancel.mutate({ kind: exit.kind, ...(reason.trim() ? { reason: reason.trim() } : {}) });
      }}
    >
      <h2>{words.heading}</h2>
      {words.intro && <p>{words.intro}</p>}
      <ExitTerms exit={exit} />
      <div className="field">
        <label className="field__label" htmlFor={reasonId}>
          {words.reason}
        </label>
        <textarea
          id={reasonId}
          className="field__input"
          rows={3}
          maxLength={reasonMaxLength}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      {cancel.error && (
        <p ref={refusal} tabIndex={-1} className="error-line" role="alert">
          {refusalText(cancel.error)}
        </p>
      )}
      <div className="form__actions">
        <Button type="submit" variant="primary" size="lg" disabled={cancel.isPending}>
          {cancel.isPending ? accountWords('cancelling') : words.submit}
        </Button>
        {keep}
      </div>
    </form>
  );
}

/**
 * /memberships/:membershipId/cancel (issue 22 items 1 and 2): one page that states what cancelling
 * does before anything is confirmed, an optional reason, and one confirming action. Once done the
 * page says so, with focus moved to that statement.
 */
export function CancelMembershipPage() {
  const { membershipId = '' } = useParams();
  const exit = useQuery(membershipExitQuery(membershipId));
  const cancel = useCancelMembership(membershipId);
  const confirmed = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (cancel.isSuccess) confirmed.current?.focus();
  }, [cancel.isSuccess]);

  const data = exit.data;
  return (
    <>
      <h1>{accountWords('cancelMembership')}</h1>
      {exit.isPending && <Spinner label={accountWords('loadingExit')} />}
      {exit.isError && (
        <div className="panel">
          <p className="error-line">{refusalText(exit.error)}</p>
          <Link to="/memberships">{accountWords('backToMemberships')}</Link>
        </div>
      )}
      {data && data.cancelledAt !== null && (
        <div className="panel">
          <h2 ref={confirmed} tabIndex={-1}>
            {accountWords('membershipCancelled', { name: data.membershipName })}
          </h2>
          <p>{accountWords('emailedDetails')}</p>
          <ExitTerms exit={data} />
          <p>
            <Link to={`/memberships/${membershipId}/history`}>{accountWords('seeMembershipHistory')}</Link>
          </p>
          <Link to="/memberships">{accountWords('backToMemberships')}</Link>
        </div>
      )}
      {data && data.cancelledAt === null && (
        <CancelMembershipForm
          exit={data}
          cancel={cancel}
          words={{
            heading: accountWords('yourMembership', { name: data.membershipName }),
            reason: accountWords('whyLeaving'),
            submit: accountWords('cancelMyMembership'),
          }}
          keep={
            <Link to="/memberships" className="button button--secondary button--lg">
              {accountWords('keepMyMembership')}
            </Link>
          }
        />
      )}
    </>
  );
}
