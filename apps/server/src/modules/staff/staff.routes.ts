import { sessionTimesSchema, type SessionTimes } from '@lido/contracts/auth';
import { staffLoginBodySchema, staffSessionSchema, staffMeSchema } from '@lido/contracts/staff';
import { loggedOutSchema } from '@lido/contracts/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import {
  clearStaffSessionCookies,
  cookieNames,
  readCookies,
  setStaffSessionCookies,
} from '../../http/cookies.ts';
import { HttpError, parseInput } from '../../http/errors.ts';
import { staffGuard, staffOnlyMessage, staffToken, type RouteServices } from '../../http/callers.ts';
import { staffView } from './staff-auth.service.ts';

export function staffRoutes(
  app: FastifyInstance,
  services: RouteServices<'cardProvider'>,
  config: Config,
): void {
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
