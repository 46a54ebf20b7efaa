import type { HeldFreeze } from '@lido/contracts/membership-freeze';
import { addDays } from '@lido/pricing/calendar-date';
import { Link } from '../../router/index.ts';
import { prettyDate } from '../../i18n/dates.ts';
import type { HeldMembership } from './get-memberships.ts';
import { accountWords } from './words.ts';

/** The last frozen day, in the page's language: the day before the membership starts again. */
const lastFrozenDay = (freeze: HeldFreeze): string => prettyDate(addDays(freeze.endsOn, -1));

/**
 * A freeze not yet over, in the membership card's facts. A membership that ends before the freeze
 * would be over (cancelled: the freeze was cut to its last day) does not start again.
 */
export function FreezeFacts({ freeze, endDate }: { freeze: HeldFreeze; endDate?: string | null }) {
  const endsFirst = endDate != null && endDate < freeze.endsOn;
  return (
    <>
      <dt>{freeze.state === 'active' ? accountWords('frozen') : accountWords('freezeBookedLabel')}</dt>
      <dd>{accountWords('dateRange', { from: prettyDate(freeze.startsOn), to: lastFrozenDay(freeze) })}</dd>
      {!endsFirst && (
        <>
          <dt>{accountWords('startsAgain')}</dt>
          <dd>{prettyDate(freeze.endsOn)}</dd>
        </>
      )}
      <dt>{accountWords('whileFrozen')}</dt>
      <dd>
        {freeze.monthlyFee.raw.amount === 0
          ? accountWords('nothingToPay')
          : accountWords('perMonth', { amount: freeze.monthlyFee.formatted })}
      </dd>
    </>
  );
}

/** "Freeze membership", or "Manage freeze" when one is booked or running. */
export function FreezeLink({ membership }: { membership: HeldMembership }) {
  if (!membership.canFreeze && !membership.freeze) return null;
  return (
    <Link to={`/memberships/${membership.id}/freeze`} className="button button--secondary button--md">
      {membership.freeze ? accountWords('manageFreeze') : accountWords('freezeMembership')}
      <span className="visually-hidden"> {membership.name}</span>
    </Link>
  );
}

/** The Dashboard's words for a freeze: "frozen until …" or "freeze from … to …". */
export function freezeSummary(freeze: HeldFreeze): string {
  return freeze.state === 'active'
    ? accountWords('frozenUntil', { date: lastFrozenDay(freeze) })
    : accountWords('freezeFromTo', { from: prettyDate(freeze.startsOn), to: lastFrozenDay(freeze) });
}
