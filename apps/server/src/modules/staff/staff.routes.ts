import { sessionTimesSchema, type SessionTimes } from '@lido/contracts/auth';
import {
  staffLoginBodySchema,
  staffSessionSchema,
  staffMeSchema,
  type StaffRole,
} from '@lido/contracts/staff';
import { loggedOutSchema } from '@lido/contracts/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import {
  clearStaffSessionCookies,
  cookieNames,
  readCookies,
  setStaffSessionCookies,
  staffCookieNames,
} from '../../http/cookies.ts';
import { HttpError, parseInput } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import { addressAllowList } from './staff-address-allow.ts';
import { type AuthenticatedStaff, staffView } from './staff-auth.service.ts';

export const staffOnlyMessage = 'This is for staff only.';
export const outsideAllowListMessage = 'The staff site can only be used from the centres’ own networks.';
const supervisorOnlyMessage = 'Only a supervisor can do this.';

const staffToken = (request: FastifyRequest, config: Config) =>
  readCookies(request)[staffCookieNames(config).auth];

/**
 * The guard every staff call starts with (issue 19 items 2 and 6): the operator's address
 * allow-list, then a live staff session (a customer's session is refused with 403, nothing at all
 * with 401), then the role the call needs.
 */
export function staffGuard(services: AppServices, config: Config) {
  const allowed = addressAllowList(config.staff.allow);
  const checkAddress = (request: FastifyRequest) => {
    if (!allowed(request.ip)) throw new HttpError(403, outsideAllowListMessage);
  };
  return {
    checkAddress,
    async requireStaff(
      request: FastifyRequest,
      reply: FastifyReply,
      role: StaffRole = 'desk',
    ): Promise<AuthenticatedStaff> {
      checkAddress(request);
      const authenticated = await services.staffAuth.authenticate(staffToken(request, config));
      if (!authenticated) {
        clearStaffSessionCookies(reply, config);
        if (readCookies(request)[cookieNames(config).auth]) throw new HttpError(403, staffOnlyMessage);
        throw new HttpError(401, 'Unauthenticated.');
      }
      if (role === 'supervisor' && authenticated.staff.role !== 'supervisor')
        throw new HttpError(403, supervisorOnlyMessage);
      return authenticated;
    },
  };
}

export function staffRoutes(app: FastifyInstance, services: AppServices, config: Config): void {
  const api = apiRoutes(app);
  const guard = staffGuard(services, config);

  api.post(
    '/api/staff/login',
    { schema: { body: staffLoginBodySchema, response: ok(staffSessionSchema) } },
    async (request, reply) => {
      guard.checkAddress(request);
      const body = parseInput(staffLoginBodySchema, request.body);
      const { token, staff } = await services.staffAuth.login({
        username: body.username,
        password: body.password,
        clientAddress: request.ip,
        previousToken: staffToken(request, config),
      });
      return { data: { token: setStaffSessionCookies(reply, config, token), user: staffView(staff) } };
    },
  );

  api.post('/api/staff/logout', { schema: { response: ok(loggedOutSchema) } }, async (request, reply) => {
    await services.staffAuth.logout(staffToken(request, config));
    clearStaffSessionCookies(reply, config);
    return { data: { loggedOut: true as const } };
  });

  api.get('/api/staff/me', { schema: { response: ok(staffMeSchema) } }, async (request, reply) => {
    const { staff } = await guard.requireStaff(request, reply);
    return { data: { ...staffView(staff), cardPayments: services.cardProvider !== undefined } };
  });

  const answerTimes = (times: SessionTimes | null, request: FastifyRequest, reply: FastifyReply) => {
    if (!times) {
      clearStaffSessionCookies(reply, config);
      if (readCookies(request)[cookieNames(config).auth]) throw new HttpError(403, staffOnlyMessage);
      throw new HttpError(401, 'Unauthenticated.');
    }
    return { data: times };
  };
  api.get('/api/staff/session', { schema: { response: ok(sessionTimesSchema) } }, async (request, reply) => {
    guard.checkAddress(request);
    return answerTimes(await services.staffAuth.sessionTimes(staffToken(request, config)), request, reply);
  });
  api.post(
    '/api/staff/session/extend',
    { schema: { response: ok(sessionTimesSchema) } },
    async (request, reply) => {
      guard.checkAddress(request);
      return answerTimes(await services.staffAuth.extendSession(staffToken(request, config)), request, reply);
    },
  );
}
