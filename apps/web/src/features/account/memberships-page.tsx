import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { billingDayText } from '@lido/pricing/membership-costs';
import { Link, useSearchParams } from '../../router/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { prettyDate } from '../../i18n/dates.ts';
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
import { wordsWithParts } from '../../i18n/words-with-parts.tsx';
import { accountWords } from './words.ts';
import { pricingWords } from '../../i18n/pricing-words.ts';

/** Leaving (issue 22): the notice of a cancellation, "Cancel membership" and the history. */
function MembershipExitLinks({ membership }: { membership: HeldMembership }) {
  return (
    <>
      {membership.cancelKind === 'notice' && membership.endDate && (
        <p className="notice notice--neutral">
          {accountWords('cancelledLastDay', { date: prettyDate(membership.endDate) })}
        </p>
      )}
      <div className="card__actions">
        {canCancel(membership) && (
          <Link to={`/memberships/${membership.id}/cancel`} className="button button--secondary button--md">
            {accountWords('cancelMembership')}
            <span className="visually-hidden"> {membership.name}</span>
          </Link>
        )}
        <Link to={`/memberships/${membership.id}/history`}>
          {accountWords('membershipHistoryLink')}
          <span className="visually-hidden"> {accountWords('historyOf', { name: membership.name })}</span>
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
          {membership.paymentProblem.label}. <Link to="/payments">{accountWords('seeDirectDebit')}</Link>
        </p>
      )}
      {membership.priceChange && (
        <p className="notice notice--neutral">
          {accountWords('priceChange', {
            price: membership.priceChange.price.formatted,
            date: prettyDate(membership.priceChange.firstDate),
          })}
        </p>
      )}
      <dl className="facts">
        {membership.memberName && (
          <>
            <dt>{accountWords('for')}</dt>
            <dd>{membership.memberName}</dd>
          </>
        )}
        <dt>{accountWords('centre')}</dt>
        <dd>{membership.homeVenue.name}</dd>
        <dt>{accountWords('categories')}</dt>
        <dd>{membership.categories.join(', ')}</dd>
        <dt>{accountWords('payment')}</dt>
        <dd>{priceLabel(membership)}</dd>
        {membership.nextCollection && (
          <>
            <dt>{accountWords('nextCollection')}</dt>
            <dd>
              {accountWords('amountOnDate', {
                amount: membership.nextCollection.amount.formatted,
                date: prettyDate(membership.nextCollection.date),
              })}
              <span className="card__detail">{membership.nextCollection.description}</span>
            </dd>
          </>
        )}
        <dt>{accountWords('started')}</dt>
        <dd>{prettyDate(membership.startDate)}</dd>
        {membership.endDate && (
          <>
            <dt>{accountWords('ends')}</dt>
            <dd>{prettyDate(membership.endDate)}</dd>
          </>
        )}
        {membership.billingDay && (
          <>
            <dt>{accountWords('billingDay')}</dt>
            <dd>{billingDayText(membership.billingDay, pricingWords)}</dd>
          </>
        )}
        {membership.freeze && <FreezeFacts freeze={membership.freeze} endDate={membership.endDate} />}
      </dl>
      {membership.memberName ? (
        <p className="booking-card__note">
          {accountWords('contactToChangeMembership', { name: membership.memberName })}
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
            {accountWords('changeMembership')}
            <span className="visually-hidden">
              {' '}
              {accountWords('changeMembershipFrom', { name: membership.name })}
            </span>
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
      <h1>{accountWords('membershipsTitle')}</h1>
      <OutstandingBalanceNotice />
      <p>
        {wordsWithParts(accountWords, 'showCardToCheckIn', {
          cardLink: <Link to="/membership-card">{accountWords('showCardLink')}</Link>,
        })}
      </p>
      {memberships.isPending && <Spinner label={accountWords('loadingMemberships')} />}
      {memberships.isError && (
        <p className="error-line">
          {genericErrorLine(memberships.error instanceof ApiError ? memberships.error.status : null)}
        </p>
      )}
      {memberships.data?.length === 0 && (
        <div className="panel">
          <h2>{accountWords('noMembershipHeading')}</h2>
          <p>{accountWords('joinOnline')}</p>
          <SiteLink site="online-joining" to="/" className="button button--primary button--lg">
            {accountWords('buyMembership')}
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
