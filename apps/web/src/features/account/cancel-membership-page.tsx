import { reasonMaxLength, type MembershipExit } from '@lido/contracts/membership-exit';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from '../../router/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { membershipExitQuery, useCancelMembership } from './membership-exit-api.ts';

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
          You joined recently, so you are in the cooling-off period until {exit.prettyCoolingOffEndsOn}: you
          can cancel now and get back what you paid, less the days you could use the membership.
        </p>
      )}
      <dl className="facts">
        <dt>Last day of membership</dt>
        <dd>{exit.prettyLastDay}</dd>
        {exit.kind === 'notice' && (
          <>
            <dt>Last collection</dt>
            <dd>
              {exit.lastCollection
                ? `${exit.lastCollection.amount.formatted} on ${exit.lastCollection.prettyDate}`
                : 'None: you have already paid up to your last day'}
            </dd>
          </>
        )}
        {exit.refund && (
          <>
            <dt>Refund</dt>
            <dd>{exit.refund.total.formatted}</dd>
          </>
        )}
      </dl>
      {exit.refund && (
        <p>
          {exit.refund.text} You paid {exit.refund.paid.formatted}; {exit.refund.used.formatted} is kept for
          the {exit.refund.daysUsed} {exit.refund.daysUsed === 1 ? 'day' : 'days'} of membership used.
        </p>
      )}
      {exit.kind === 'notice' && exit.collectionsToCome && exit.collectionsToCome.length > 0 && (
        <>
          <h2>Direct Debit collections still to come</h2>
          <ul>
            {exit.collectionsToCome.map((collection) => (
              <li key={collection.date}>
                {collection.amount.formatted} on {collection.prettyDate}: {collection.description}
              </li>
            ))}
          </ul>
        </>
      )}
      {exit.collectionsStopped && (
        <p>
          {exit.kind === 'notice'
            ? 'Your Direct Debit stops after the last collection: nothing is collected after it.'
            : 'No more Direct Debit payments will be collected for this membership.'}
        </p>
      )}
      <h2>After your last day</h2>
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
          {cancel.isPending ? 'Cancelling…' : words.submit}
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
      <h1>Cancel membership</h1>
      {exit.isPending && <Spinner label="Loading what cancelling means" />}
      {exit.isError && (
        <div className="panel">
          <p className="error-line">{refusalText(exit.error)}</p>
          <Link to="/memberships">Back to your memberships</Link>
        </div>
      )}
      {data && data.cancelledAt !== null && (
        <div className="panel">
          <h2 ref={confirmed} tabIndex={-1}>
            Your {data.membershipName} membership is cancelled
          </h2>
          <p>We have emailed you the details.</p>
          <ExitTerms exit={data} />
          <p>
            <Link to={`/memberships/${membershipId}/history`}>See this membership’s history</Link>
          </p>
          <Link to="/memberships">Back to your memberships</Link>
        </div>
      )}
      {data && data.cancelledAt === null && (
        <CancelMembershipForm
          exit={data}
          cancel={cancel}
          words={{
            heading: `Your ${data.membershipName} membership`,
            reason: 'Why are you leaving? (optional)',
            submit: 'Cancel my membership',
          }}
          keep={
            <Link to="/memberships" className="button button--secondary button--lg">
              Keep my membership
            </Link>
          }
        />
      )}
    </>
  );
}
