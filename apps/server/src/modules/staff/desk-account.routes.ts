import { bookingSchema } from '@lido/contracts/account';
import {
  deskBookingParamsSchema,
  deskCustomerUpdateBodySchema,
  deskMembershipParamsSchema,
} from '@lido/contracts/desk-account';
import { deskCustomerDetailSchema, staffCustomerParamsSchema } from '@lido/contracts/front-of-house';
import { cancelMembershipBodySchema, membershipExitSchema } from '@lido/contracts/membership-exit';
import { freezeAnswerSchema, freezeBodySchema } from '@lido/contracts/membership-freeze';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import { parseInput } from '../../http/errors.ts';
import { staffGuard, type RouteServices } from '../../http/callers.ts';
import type { Executor } from '../../db/client.ts';
import { recordStaffAction, type StaffAction } from '../audit/index.ts';

/**
 * What a supervisor does for a customer at the desk or on the phone (issue 34 item 8, decision
 * 0085): change their details, cancel a booking, cancel or freeze a membership. Each calls the
 * service My account calls, so the rules and the words are the same, and writes its audit row in
 * that service's transaction. The customer is the operator's (else 404); bookings and memberships
 * are looked up as the account holder's, as every desk call for a family member is.
 */
export function deskAccountRoutes(
  app: FastifyInstance,
  services: RouteServices<'customers' | 'bookings' | 'membershipExit' | 'membershipFreeze'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  const guard = staffGuard(services, config);

  /**
   * A supervisor, the customer named in the path (their account holder for a family member), and
   * the audit row for what is done for them, to write in the change's own transaction.
   */
  async function supervisorFor(request: FastifyRequest, reply: FastifyReply, customerId: number) {
    const { staff } = await guard.requireStaff(request, reply, 'supervisor');
    const customer = await services.deskCustomers.actingFor(staff.operatorId, customerId);
    const audit = (tx: Executor, entry: Omit<StaffAction, 'by' | 'customerId'>) =>
      recordStaffAction(tx, {
        by: { staff: { id: staff.id, username: staff.username } },
        customerId: customer.id,
        ...entry,
      });
    return { customer, audit };
  }

  api.put(
    '/api/staff/customers/:customerId',
    {
      schema: {
        params: staffCustomerParamsSchema,
        body: deskCustomerUpdateBodySchema,
        response: ok(deskCustomerDetailSchema),
      },
    },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply, 'supervisor');
      const { customerId } = parseInput(staffCustomerParamsSchema, request.params);
      const body = parseInput(deskCustomerUpdateBodySchema, request.body);
      const customer = await services.deskCustomers.customer(staff.operatorId, customerId);
      await services.customers.updateAtDesk(customer, body, staff);
      return { data: await services.deskCustomers.detail(staff.operatorId, customerId) };
    },
  );

  api.post(
    '/api/staff/customers/:customerId/bookings/:bookingId/cancel',
    { schema: { params: deskBookingParamsSchema, response: ok(bookingSchema) } },
    async (request, reply) => {
      const params = parseInput(deskBookingParamsSchema, request.params);
      const { customer, audit } = await supervisorFor(request, reply, params.customerId);
      const booking = await services.bookings.cancel(customer, params.bookingId, (tx, cancelled) =>
        audit(tx, {
          action: 'booking.cancel',
          orderId: cancelled.orderId,
          amountPence: cancelled.refundPence,
          details: {
            bookingId: params.bookingId,
            activityName: cancelled.activityName,
            when: cancelled.when,
            refundMethod: cancelled.refundMethod,
          },
        }),
      );
      return { data: booking };
    },
  );

  api.post(
    '/api/staff/customers/:customerId/memberships/:membershipId/cancel',
    {
      schema: {
        params: deskMembershipParamsSchema,
        body: cancelMembershipBodySchema,
        response: ok(membershipExitSchema),
      },
    },
    async (request, reply) => {
      const params = parseInput(deskMembershipParamsSchema, request.params);
      const { customer, audit } = await supervisorFor(request, reply, params.customerId);
      const body = parseInput(cancelMembershipBodySchema, request.body);
      const exit = await services.membershipExit.cancel(customer.id, params.membershipId, body, (tx, done) =>
        audit(tx, {
          action: 'membership.cancel',
          amountPence: done.refund?.total.raw.amount ?? null,
          details: {
            membershipId: params.membershipId,
            membershipName: done.membershipName,
            kind: done.kind,
            lastDay: done.prettyLastDay,
            reason: done.reason,
          },
        }),
      );
      return { data: exit };
    },
  );

  api.post(
    '/api/staff/customers/:customerId/memberships/:membershipId/freeze',
    {
      schema: {
        params: deskMembershipParamsSchema,
        body: freezeBodySchema,
        response: ok(freezeAnswerSchema),
      },
    },
    async (request, reply) => {
      const params = parseInput(deskMembershipParamsSchema, request.params);
      const { customer, audit } = await supervisorFor(request, reply, params.customerId);
      const body = parseInput(freezeBodySchema, request.body);
      const answer = await services.membershipFreeze.freeze(
        customer,
        params.membershipId,
        body,
        (tx, frozen) =>
          audit(tx, {
            action: 'membership.freeze',
            amountPence: frozen.monthlyFeePence,
            details: { membershipId: params.membershipId, ...frozen },
          }),
      );
      return { data: answer };
    },
  );
}
