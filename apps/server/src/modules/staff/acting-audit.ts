import type { FastifyInstance } from 'fastify';
import { checkoutServiceBase } from '@lido/contracts/cart';
import type { Db } from '../../db/client.ts';
import { recordStaffAction } from './staff-audit.repository.ts';
import type { StaffUserRow } from './staff.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** set when staff act for a customer on the staff site (auth.routes.ts requireCustomer) */
    actingStaff: { staff: StaffUserRow; customerId: number } | undefined;
  }
}

/** The basket and joining calls whose success, done by staff, the audit log records (decision 0055). */
export const auditedCalls: Record<string, string> = {
  [`POST ${checkoutServiceBase}/add`]: 'basket.add',
  [`POST ${checkoutServiceBase}/remove`]: 'basket.remove',
  [`DELETE ${checkoutServiceBase}`]: 'basket.remove',
  'DELETE /api/cart/clear': 'basket.remove',
  'DELETE /api/activities/benefit/remove/:cartItemId': 'basket.remove',
  'DELETE /api/activities/package/remove/:cartItemId': 'basket.remove',
  'POST /api/memberships/online-joining/store': 'membership.join',
  'POST /api/activities/sessions/:sessionId/waiting-list': 'waiting-list.join',
  'DELETE /api/my-account/waiting-lists/:entryId': 'waiting-list.leave',
};

/**
 * One hook rather than one line in each route: after a successful basket or joining call made by
 * staff for a customer, before the answer leaves, the audit row is written (what was asked, for
 * whom, by whom). A failure to write it fails the answer, so staff never see an unaudited success.
 */
export function registerActingAudit(app: FastifyInstance, db: Db): void {
  app.decorateRequest('actingStaff', undefined);
  app.addHook('onSend', async (request, reply, payload) => {
    const acting = request.actingStaff;
    if (!acting || reply.statusCode >= 300) return payload;
    const action = auditedCalls[`${request.method} ${request.routeOptions.url}`];
    if (!action) return payload;
    await recordStaffAction(db, {
      staffUserId: acting.staff.id,
      actor: `staff: ${acting.staff.username}`,
      action,
      customerId: acting.customerId,
      details: {
        call: `${request.method} ${request.routeOptions.url}`,
        params: request.params ?? {},
        query: request.query ?? {},
        body: request.body ?? {},
      },
    });
    return payload;
  });
}
