import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { billingDayText } from '@lido/pricing/membership-costs';
import { Link, useSearchParams } from '../../router/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useRenewMembership } from '../cart/index.ts';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { priceLabel } from '../../lib/membership-price.ts';
import {
  canCancel,
  canChange,
  canRenew,
  type HeldMembership,
  myMembershipsQuery,
} from './get-memberships.ts';
import { RenewButton } from './renew-button.tsx';
import { FreezeFacts, FreezeLink } from './freeze-on-card.tsx';
import { OutstandingBalanceNotice } from './outstanding-balance.tsx';

/** Leaving (issue 22): the notice of a cancellation, "Cancel membership" and the history. */
function MembershipExitLinks({ membership }: { membership: HeldMembership }) {
  return (
    <>
      {membership.cancelKind === 'notice' && membership.prettyEndDate && (
        <p className="notice notice--neutral">Cancelled: your last day is {membership.prettyEndDate}.</p>
      )}
      <div className="card__actions">
        {canCancel(membership) && (
          <Link to={`/memberships/${membership.id}/cancel`} className="button button--secondary button--md">
            Cancel membership<span className="visually-hidden"> {membership.name}</span>
          </Link>
        )}
        <Link to={`/memberships/${membership.id}/history`}>
          History<span className="visually-hidden"> of {membership.name}</span>
        </Link>
      </div>
    </>
  );
}

function MembershipCard({ membership }: { membership: HeldMembership }) {
  return (
    <li className="card">
      <h2 className="card__title">{membership.name}</h2>
      <p className={`status status--${membership.status}`}>{membership.statusLabel}</p>
      {membership.paymentProblem && (
        <p className="notice notice--danger">
          {membership.paymentProblem.label}. <Link to="/payments">See your Direct Debit</Link>
        </p>
      )}
      {membership.priceChange && (
        <p className="notice notice--neutral">
          Your price changes to {membership.priceChange.price.formatted} from{' '}
          {membership.priceChange.prettyFirstDate}
        </p>
      )}
      <dl className="facts">
        {membership.memberName && (
          <>
            <dt>For</dt>
            <dd>{membership.memberName}</dd>
          </>
        )}
        <dt>Centre</dt>
        <dd>{membership.homeVenue.name}</dd>
        <dt>Categories</dt>
        <dd>{membership.categories.join(', ')}</dd>
        <dt>Payment</dt>
        <dd>{priceLabel(membership)}</dd>
        {membership.nextCollection && (
          <>
            <dt>Next collection</dt>
            <dd>
              {membership.nextCollection.amount.formatted} on {membership.nextCollection.prettyDate}
              <span className="card__detail">{membership.nextCollection.description}</span>
            </dd>
          </>
        )}
        <dt>Started</dt>
        <dd>{membership.prettyStartDate}</dd>
        {membership.prettyEndDate && (
          <>
            <dt>Ends</dt>
            <dd>{membership.prettyEndDate}</dd>
          </>
        )}
        {membership.billingDay && (
          <>
            <dt>Billing day</dt>
            <dd>{billingDayText(membership.billingDay)}</dd>
          </>
        )}
        {membership.freeze && <FreezeFacts freeze={membership.freeze} endDate={membership.endDate} />}
      </dl>
      {membership.memberName ? (
        <p className="booking-card__note">
          To change, freeze or cancel {membership.memberName}’s membership, please contact your centre.
        </p>
      ) : (
        <MembershipActions membership={membership} />
      )}
    </li>
  );
}

/** What the member can do with their own membership: change, freeze, cancel, history, renew. */
function MembershipActions({ membership }: { membership: HeldMembership }) {
  return (
    <>
      {canChange(membership) && (
        <div className="card__actions">
          <SiteLink
            site="online-joining"
            to={`/centre/${membership.homeVenue.slug}`}
            extraParams={{ change: String(membership.id) }}
            className="button button--secondary button--md"
          >
            Change membership<span className="visually-hidden"> from {membership.name}</span>
          </SiteLink>
          <FreezeLink membership={membership} />
        </div>
      )}
      <MembershipExitLinks membership={membership} />
      {canRenew(membership) && (
        <div className="card__actions">
          <RenewButton membership={membership} />
        </div>
      )}
    </>
  );
}

/**
 * The renewal reminder's one-click link (/memberships?renew=ID): that membership's next term goes
 * into the basket once, and the link's parameter is dropped so a reload does not ask again.
 */
function useRenewFromLink(memberships: HeldMembership[] | undefined) {
  const [params, setParams] = useSearchParams();
  const renew = useRenewMembership();
  const asked = useRef(false);
  const id = Number(params.get('renew'));
  useEffect(() => {
    if (asked.current || !memberships || !id) return;
    const membership = memberships.find((held) => held.id === id);
    asked.current = true;
    setParams({}, { replace: true });
    if (membership && canRenew(membership)) renew.mutate(id);
  }, [memberships, id, renew, setParams]);
}

/** /memberships: what the customer holds, with an empty state that leads to joining. */
export function MembershipsPage() {
  const memberships = useQuery(myMembershipsQuery);
  useRenewFromLink(memberships.data);
  return (
    <>
      <h1>Memberships</h1>
      <OutstandingBalanceNotice />
      <p>
        <Link to="/membership-card">Show your membership card</Link> at reception to check in.
      </p>
      {memberships.isPending && <Spinner label="Loading your memberships" />}
      {memberships.isError && (
        <p className="error-line">
          {genericErrorLine(memberships.error instanceof ApiError ? memberships.error.status : null)}
        </p>
      )}
      {memberships.data?.length === 0 && (
        <div className="panel">
          <h2>You don&apos;t have a membership yet</h2>
          <p>Join online in a few minutes: choose a centre, then the membership that suits you.</p>
          <SiteLink site="online-joining" to="/" className="button button--primary button--lg">
            Buy a membership
          </SiteLink>
        </div>
      )}
      {memberships.data && memberships.data.length > 0 && (
        <ul className="card-grid">
          {memberships.data.map((membership) => (
            <MembershipCard key={membership.id} membership={membership} />
          ))}
        </ul>
      )}
    </>
  );
}
