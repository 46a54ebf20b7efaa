import { useEffect, useRef } from 'react';
import { useBlocker } from '../../router/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { cartKeys } from '../cart/index.ts';
import type { sentBackFromCheckout } from './joining-terms-check.ts';

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
    <Modal open={open} title="Are you sure you want to leave this screen?" onClose={onStay}>
      <p>{consequence}</p>
      <div className="form__actions">
        <Button variant="primary" size="md" onClick={onStay}>
          Continue with my purchase
        </Button>
        <Button variant="secondary" size="md" disabled={leaving} onClick={onLeave}>
          Leave this screen
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
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      void queryClient.invalidateQueries({ queryKey: cartKeys.cart, refetchType: 'none' });
    },
    [queryClient],
  );
  return {
    asking: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
    /** Starting over navigates away on purpose, after its own confirmation. */
    allowLeaving: () => {
      startingOver.current = true;
    },
  };
}
