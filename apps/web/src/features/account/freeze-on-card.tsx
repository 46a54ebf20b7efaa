import type { HeldFreeze } from '@lido/contracts/membership-freeze';
import { Link } from '../../router/index.ts';
import type { HeldMembership } from './get-memberships.ts';

/**
 * A freeze not yet over, in the membership card's facts. A membership that ends before the freeze
 * would be over (cancelled: the freeze was cut to its last day) does not start again.
 */
export function FreezeFacts({ freeze, endDate }: { freeze: HeldFreeze; endDate?: string | null }) {
  const endsFirst = endDate != null && endDate < freeze.endsOn;
  return (
    <>
      <dt>{freeze.state === 'active' ? 'Frozen' : 'Freeze booked'}</dt>
      <dd>
        {freeze.prettyStartsOn} to {freeze.prettyLastDay}
      </dd>
      {!endsFirst && (
        <>
          <dt>Starts again</dt>
          <dd>{freeze.prettyEndsOn}</dd>
        </>
      )}
      <dt>While frozen</dt>
      <dd>
        {freeze.monthlyFee.raw.amount === 0 ? 'Nothing to pay' : `${freeze.monthlyFee.formatted} a month`}
      </dd>
    </>
  );
}

/** "Freeze membership", or "Manage freeze" when one is booked or running. */
export function FreezeLink({ membership }: { membership: HeldMembership }) {
  if (!membership.canFreeze && !membership.freeze) return null;
  return (
    <Link to={`/memberships/${membership.id}/freeze`} className="button button--secondary button--md">
      {membership.freeze ? 'Manage freeze' : 'Freeze membership'}
      <span className="visually-hidden"> {membership.name}</span>
    </Link>
  );
}

/** The Dashboard's words for a freeze: "frozen until …" or "freeze from … to …". */
export function freezeSummary(freeze: HeldFreeze): string {
  return freeze.state === 'active'
    ? `frozen until ${freeze.prettyLastDay}`
    : `freeze from ${freeze.prettyStartsOn} to ${freeze.prettyLastDay}`;
}
