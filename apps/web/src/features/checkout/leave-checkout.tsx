import { useEffect, useRef, useState } from 'react';
import { useBlocker } from '../../router/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import { guardCrossSiteLinks, leaveFor } from '../../app/site-mode/leave-guard.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { cartKeys } from '../cart/index.ts';
import type { sentBackFromCheckout } from './joining-terms-check.ts';
import { checkoutWords } from './words.ts';

const confirmationPaths = /^\/(order|booking)-confirmed\//;

interface LeaveCheckoutDialogProps {
  open: boolean;
  /** What leaving does to the basket, in the customer's words. */
  consequence: string;
  onStay: () => void;
  onLeave: () => void;
  leaving?: boolean;
}

/** The joining spec's leave-screen warning: "Continue with my purchase" or "Leave this screen". */
export function LeaveCheckoutDialog({
  open,
  consequence,
  onStay,
  onLeave,
  leaving,
}: LeaveCheckoutDialogProps) {
  return (
    <Modal open={open} title={checkoutWords('leaveTitle')} onClose={onStay}>
      <p>{consequence}</p>
      <div className="form__actions">
        <Button variant="primary" size="md" onClick={onStay}>
          {checkoutWords('stay')}
        </Button>
        <Button variant="secondary" size="md" disabled={leaving} onClick={onLeave}>
          {checkoutWords('leave')}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * Following a link or Back away from a joining checkout first asks whether to leave (the basket
 * keeps the membership, so the joining page can pick it up again). `guarded` is false once the page
 * is on its way to the confirmation or starting over, which must never be stopped. Leaving the
 * page marks the basket stale, so the next checkout reads it afresh (joining spec §4: "Leaving the
 * page clears the checkout cart, payment and submit-answers requests"; the payment session and the
 * answers live and end with their pages).
 */
export function useLeaveCheckoutGuard(guarded: boolean) {
  const startingOver = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      guarded &&
      !startingOver.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      // Checkout sending the customer back itself (terms not accepted on the joining page).
      (nextLocation.state as Partial<typeof sentBackFromCheckout> | null)?.sentBackFromCheckout !== true &&
      // The way to a paid order's confirmation is never stopped, even before this page has heard
      // that the order is made (the navigation can come before the re-render).
      !confirmationPaths.test(nextLocation.pathname),
  );
  // A link to another site (the header's "My account", "Book an activity") is a new document the
  // blocker never sees: it asks the same question (issue 34 item 7).
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  useEffect(() => {
    if (!guarded) return;
    return guardCrossSiteLinks((href) => {
      if (!startingOver.current) setLeavingTo(href);
      else leaveFor(href);
    });
  }, [guarded]);
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      void queryClient.invalidateQueries({ queryKey: cartKeys.cart, refetchType: 'none' });
    },
    [queryClient],
  );
  return {
    asking: blocker.state === 'blocked' || leavingTo !== null,
    stay: () => {
      setLeavingTo(null);
      blocker.reset?.();
    },
    leave: () => {
      if (leavingTo !== null) leaveFor(leavingTo);
      else blocker.proceed?.();
    },
    /** Starting over navigates away on purpose, after its own confirmation. */
    allowLeaving: () => {
      startingOver.current = true;
    },
  };
}
