import { apiRoutes, ok } from '../../http/api-schema.ts';
import {
  authUserSchema,
  loggedOutSchema,
  loginBodySchema,
  sessionTimesSchema,
  sessionTokenSchema,
  type SessionTimes,
} from '@lido/contracts/auth';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { clearSessionCookies, setSessionCookies } from '../../http/cookies.ts';
import { HttpError, parseInput } from '../../http/errors.ts';
import {
  presentedToken,
  refuseOnStaffSite,
  requireCustomer,
  type RouteServices,
} from '../../http/callers.ts';

export function authRoutes(app: FastifyInstance, services: RouteServices<never>, config: Config): void {
  const api = apiRoutes(app);
  api.post(
    '/api/auth/customer/login',
    { schema: { body: loginBodySchema, response: ok(sessionTokenSchema) } },
    async (request, reply) => {
      refuseOnStaffSite(request);
      const body = parseInput(loginBodySchema, request.body);
      const { token } = await services.auth.login({
        username: body.username,
        password: body.password,
        clientAddress: request.ip,
        kiosk: body.kiosk ?? false,
        previousToken: presentedToken(request, config),
      });
      const state = setSessionCookies(reply, config, token);
      // The secret stays in the HttpOnly cookie; the browser keeps this state value for its 5-second check.
      return { data: { token: state } };
    },
  );

  api.post('/api/auth/logout', { schema: { response: ok(loggedOutSchema) } }, async (request, reply) => {
    refuseOnStaffSite(request);
    await services.auth.logout(presentedToken(request, config));
    clearSessionCookies(reply, config);
    return { data: { loggedOut: true as const } };
  });

  api.get('/api/auth/user', { schema: { response: ok(authUserSchema) } }, async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    return { data: await services.auth.userView(customer) };
  });

  // The browser mirrors the server's idle timer from these (WCAG 2.2.1: warn before a time limit).
  const answerTimes = (times: SessionTimes | null, reply: FastifyReply) => {
    if (!times) {
      clearSessionCookies(reply, config);
      throw new HttpError(401, 'Unauthenticated.');
    }
    return { data: times };
  };
  // On the staff site the session is the staff member's: /api/staff/session.
  api.get('/api/auth/session', { schema: { response: ok(sessionTimesSchema) } }, async (request, reply) => {
    refuseOnStaffSite(request);
    return answerTimes(await services.auth.sessionTimes(presentedToken(request, config)), reply);
  });
  api.post(
    '/api/auth/session/extend',
    { schema: { response: ok(sessionTimesSchema) } },
    async (request, reply) => {
      refuseOnStaffSite(request);
      return answerTimes(await services.auth.extendSession(presentedToken(request, config)), reply);
    },
  );
}
