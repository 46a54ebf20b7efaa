import { apiRoutes, ok } from '../../http/api-schema.ts';
import {
  authUserSchema,
  loggedOutSchema,
  loginBodySchema,
  sessionTimesSchema,
  sessionTokenSchema,
  type SessionTimes,
} from '@lido/contracts/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import {
  clearSessionCookies,
  cookieNames,
  readCookies,
  setSessionCookies,
  staffCookieNames,
} from '../../http/cookies.ts';
import { z } from 'zod';
import { positiveId } from '@lido/contracts/common';
import { HttpError, parseInput } from '../../http/errors.ts';
import { poolOf } from '../../http/route-options.ts';
import type { AppServices } from '../../services.ts';
import type { StaffUserRow } from '../staff/staff.repository.ts';
import { staffGuard, staffOnlyMessage } from '../staff/staff.routes.ts';
import type { CustomerRow } from './auth.repository.ts';
import type { AuthenticatedSession } from './auth.service.ts';

export const logInAsStaffMessage = 'Log in as staff.';
export const staffSiteCustomerLoginMessage = 'This is the staff site: customers log in on My account.';
export const chooseCustomerMessage = 'Choose a customer first.';
export const selectedTwiceMessage = 'The selected customer is named twice, differently: send one.';
export const customerOnlyMessage = 'Only the customer can do this, on My account.';

/** Whether a request came to the staff site, where staff act for a selected customer (decision 0055). */
const onStaffSite = (request: FastifyRequest) => request.site === 'front-of-house';

/**
 * The customer's session token from the cookie; from `Authorization: Bearer` only when development
 * allows it. Never on the staff site: a customer's session there is no one's (decision 0055).
 */
export function presentedToken(request: FastifyRequest, config: Config): string | undefined {
  if (onStaffSite(request)) return undefined;
  const fromCookie = readCookies(request)[cookieNames(config).auth];
  if (fromCookie) return fromCookie;
  if (!config.auth.allowBearer) return undefined;
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}

/**
 * The customer a call is for: the logged-in customer's own, or on the staff site the customer the
 * desk selected (`staff` then names who acts). It carries no customer session: what needs one
 * (logging out, changing details) uses `requireCustomerInPerson`, which the staff site never passes.
 */
interface ActingCustomer {
  customer: CustomerRow;
  staff: StaffUserRow | null;
}

const selectedUserIdSchema = z.object({ selectedUserId: positiveId('The selected user').optional() });

/** `selected_user_id` (query) or `selectedUserId` (body): one customer, or a 400. */
function selectedUserIdOf(request: FastifyRequest): number {
  const read = (input: unknown) =>
    parseInput(selectedUserIdSchema, {
      selectedUserId:
        typeof input === 'object' && input !== null
          ? (input as { selectedUserId?: unknown }).selectedUserId
          : undefined,
    }).selectedUserId;
  const fromQuery = read(request.query);
  const fromBody = read(request.body);
  if (fromQuery !== undefined && fromBody !== undefined && fromQuery !== fromBody)
    throw new HttpError(400, selectedTwiceMessage);
  const selected = fromQuery ?? fromBody;
  if (selected === undefined) throw new HttpError(400, chooseCustomerMessage);
  return selected;
}

/** The staff member at the desk (allow-list, live staff session), or 401 asking them to log in. */
async function deskStaff(
  request: FastifyRequest,
  reply: FastifyReply,
  services: AppServices,
  config: Config,
): Promise<StaffUserRow> {
  try {
    return (await staffGuard(services, config).requireStaff(request, reply)).staff;
  } catch (error) {
    // A customer's cookie beside no staff session is still "nobody" here, not "a customer".
    const nobody =
      error instanceof HttpError && (error.statusCode === 401 || error.message === staffOnlyMessage);
    throw nobody ? new HttpError(401, logInAsStaffMessage) : error;
  }
}

/** The customer's own session, or a 401 that also clears the browser's cookies (the spec's "401 clears the token"). */
async function ownSession(
  request: FastifyRequest,
  reply: FastifyReply,
  services: AppServices,
  config: Config,
): Promise<AuthenticatedSession> {
  // A payment's route says `config: { pool: 'payment' }`: its check goes first for a connection (decision 0067).
  const authenticated = await services.auth.authenticate(presentedToken(request, config), poolOf(request));
  if (!authenticated) {
    clearSessionCookies(reply, config);
    throw new HttpError(401, 'Unauthenticated.');
  }
  return authenticated;
}

/** The customer a call is for: the logged-in customer, or on the staff site the desk's selected one. */
export async function requireCustomer(
  request: FastifyRequest,
  reply: FastifyReply,
  services: AppServices,
  config: Config,
): Promise<ActingCustomer> {
  if (onStaffSite(request)) {
    const staff = await deskStaff(request, reply, services, config);
    const customer = await services.deskCustomers.actingFor(staff.operatorId, selectedUserIdOf(request));
    request.actingStaff = { staff, customerId: customer.id };
    return { customer, staff };
  }
  return { customer: (await ownSession(request, reply, services, config)).customer, staff: null };
}

/**
 * The customer's own session, for what only they may do (their password and details, logging out,
 * cancelling, freezing, their family and bank details): refused on the staff site (decision 0055).
 */
export async function requireCustomerInPerson(
  request: FastifyRequest,
  reply: FastifyReply,
  services: AppServices,
  config: Config,
): Promise<AuthenticatedSession> {
  if (onStaffSite(request)) throw new HttpError(403, customerOnlyMessage);
  return ownSession(request, reply, services, config);
}

/**
 * The customer if there is one, for calls that also answer visitors (the timetable, membership
 * prices): the logged-in customer, or on the staff site the selected one when staff are logged
 * in and have chosen someone; otherwise a visitor (null), never a 401.
 */
export async function customerIfAny(
  request: FastifyRequest,
  reply: FastifyReply,
  services: AppServices,
  config: Config,
): Promise<CustomerRow | null> {
  if (onStaffSite(request)) {
    const staffToken = readCookies(request)[staffCookieNames(config).auth];
    const query = request.query as { selectedUserId?: unknown } | undefined;
    const body = request.body as { selectedUserId?: unknown } | undefined;
    if (!staffToken || (query?.selectedUserId === undefined && body?.selectedUserId === undefined))
      return null;
    return (await requireCustomer(request, reply, services, config)).customer;
  }
  return (await services.auth.authenticate(presentedToken(request, config)))?.customer ?? null;
}

/** Customers log in, register and reset passwords on their own sites, never on the staff site. */
export function refuseOnStaffSite(request: FastifyRequest): void {
  if (onStaffSite(request)) throw new HttpError(403, staffSiteCustomerLoginMessage);
}

export function authRoutes(app: FastifyInstance, services: AppServices, config: Config): void {
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
