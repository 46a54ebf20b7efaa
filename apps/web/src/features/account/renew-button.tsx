import { Button } from '../../ui/button.tsx';
import { useRenewMembership } from '../cart/index.ts';
import type { HeldMembership } from './get-memberships.ts';
import { accountWords } from './words.ts';

/** "Renew": the membership's next term goes into the basket (My account, and the desk for a customer). */
export function RenewButton({ membership }: { membership: HeldMembership }) {
  const renew = useRenewMembership();
  return (
    <Button
      variant="secondary"
      size="md"
      disabled={renew.isPending}
      onClick={() => renew.mutate(membership.id)}
    >
      {accountWords('renew')}
      <span className="visually-hidden"> {membership.name}</span>
    </Button>
  );
}
