import type { HeldFreeze } from '@lido/contracts/membership-freeze';
import { Link } from '../../router/index.ts';
import type { HeldMembership } from './get-memberships.ts';

/** A freeze not yet over, in the membership card's facts. */
export function FreezeFacts({ freeze }: { freeze: HeldFreeze }) {
  return (
    <>
      <dt>{freeze.state === 'active' ? 'Frozen' : 'Freeze booked'}</dt>
      <dd>
        {freeze.prettyStartsOn} to {freeze.prettyLastDay}
      </dd>
      <dt>Starts again</dt>
      <dd>{freeze.prettyEndsOn}</dd>
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
