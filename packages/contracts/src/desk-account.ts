import { z } from 'zod';
import { positiveId } from './common.ts';
import { customerDetailsShape } from './customer.ts';

/**
 * A supervisor helping a customer at the desk or on the phone (issue 34 item 8, decision 0085):
 * changing their details, cancelling a booking, cancelling or freezing a membership. The answers
 * are the ones My account gets (a booking, a membership's exit, a freeze); the bodies of the
 * cancellation and the freeze are My account's too. Only these Lido-own shapes are new.
 */

/**
 * PUT /api/staff/customers/{customerId}: every detail, as the form shows them. A family member's
 * email is their account holder's, so for them it is left out.
 */
export const deskCustomerUpdateBodySchema = z.strictObject({
  ...customerDetailsShape,
  email: customerDetailsShape.email.optional(),
});
export type DeskCustomerUpdateBody = z.infer<typeof deskCustomerUpdateBodySchema>;

/** …/customers/{customerId}/bookings/{bookingId}/cancel */
export const deskBookingParamsSchema = z.object({
  customerId: positiveId('The customer'),
  bookingId: positiveId('The booking'),
});

/** …/customers/{customerId}/memberships/{membershipId}/cancel and …/freeze */
export const deskMembershipParamsSchema = z.object({
  customerId: positiveId('The customer'),
  membershipId: positiveId('The membership'),
});
