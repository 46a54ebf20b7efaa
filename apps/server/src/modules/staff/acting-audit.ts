import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { checkoutServiceBase } from '@lido/contracts/cart';
import type { Db } from '../../db/client.ts';
import { recordStaffAction, type StaffAuditAction } from '../audit/index.ts';
import type { StaffUserRow } from './staff.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** set when staff act for a customer on the staff site (auth.routes.ts requireCustomer) */
    actingStaff: { staff: StaffUserRow; customerId: number } | undefined;
  }
}

/** The basket and joining calls whose success, done by staff, the audit log records (decision 0055). */
export const auditedCalls: Record<string, StaffAuditAction> = {
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

const joinedSessionAnswer = z.object({
  data: z.object({ activityName: z.string(), venueName: z.string(), when: z.string() }),
});

/**
 * One hook rather than one line in each route: after a successful basket or joining call made by
 * staff for a customer, before the answer leaves, the audit row is written (what was asked, for
 * whom, by whom). A failure to write it fails the answer, so staff never see an unaudited success.
 */
export function registerActingAudit(app: FastifyInstance, db: Db): void {
  app.decorateRequest('actingStaff', undefined);
  // The session a waiting list was joined for, in words, from the answer before it is serialised
  // (and perhaps compressed): the audit page names it, and the entry may be gone by then.
  const sessions = new WeakMap<FastifyRequest, string>();
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (
      request.actingStaff &&
      auditedCalls[`${request.method} ${request.routeOptions.url}`] === 'waiting-list.join'
    ) {
      const answer = joinedSessionAnswer.safeParse(payload);
      if (answer.success) {
        const { activityName, venueName, when } = answer.data.data;
        sessions.set(request, `${activityName} at ${venueName}, ${when}`);
      }
    }
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const acting = request.actingStaff;
    if (!acting || reply.statusCode >= 300) return payload;
    const action = auditedCalls[`${request.method} ${request.routeOptions.url}`];
    if (!action) return payload;
    const session = sessions.get(request);
    await recordStaffAction(db, {
      by: { staff: acting.staff },
      action,
      customerId: acting.customerId,
      details: {
        call: `${request.method} ${request.routeOptions.url}`,
        params: request.params ?? {},
        query: request.query ?? {},
        body: request.body ?? {},
        ...(session ? { session } : {}),
      },
    });
    return payload;
  });
}
