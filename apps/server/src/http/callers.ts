import { positiveId } from '@lido/contracts/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { CustomerRow } from '../modules/auth/index.ts';
import type { AuthenticatedSession } from '../modules/auth/index.ts';
import type { AuthenticatedStaff } from '../modules/staff/index.ts';
import type { StaffUserRow } from '../modules/staff/index.ts';
import type { StaffRole } from '@lido/contracts/staff';
import type { AppServices } from '../services.ts';

/** What deciding who is calling reads: the two session engines and the desk's selected customer. */
type CallerServices = Pick<AppServices, 'auth' | 'deskCustomers' | 'staffAuth'>;

/**
 * What a module's routes are handed (issue 32 item 4): the services they call, named, and what
 * deciding who is calling needs; never the whole `AppServices`.
 */
export type RouteServices<Name extends keyof AppServices> = Pick<AppServices, Name> & CallerServices;
import {
  clearSessionCookies,
  clearStaffSessionCookies,
  cookieNames,
  readCookies,
  staffCookieNames,
} from './cookies.ts';
import { HttpError, parseInput } from './errors.ts';
import { poolOf } from './route-options.ts';
import { addressAllowList } from './staff-address-allow.ts';

/**
 * Who is calling (decision 0055): a customer in person, the desk acting for a selected customer,
 * or staff with the role a call needs. Every module's routes start here; it reads sessions through
 * the services it is handed, so it imports no module (issue 32 item 3).
 */

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
  services: CallerServices,
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
  services: CallerServices,
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
  services: CallerServices,
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
  services: CallerServices,
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
  services: CallerServices,
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

export const staffOnlyMessage = 'This is for staff only.';
export const outsideAllowListMessage = 'The staff site can only be used from the centres’ own networks.';
const supervisorOnlyMessage = 'Only a supervisor can do this.';

export const staffToken = (request: FastifyRequest, config: Config) =>
  readCookies(request)[staffCookieNames(config).auth];

/**
 * The guard every staff call starts with (issue 19 items 2 and 6): the operator's address
 * allow-list, then a live staff session (a customer's session is refused with 403, nothing at all
 * with 401), then the role the call needs.
 */
export function staffGuard(services: CallerServices, config: Config) {
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

export const staffSiteOnly = 'This is only available on the front-of-house site.';
/**
 * The customer a desk payment is for (issue 19): only on the staff site with a live desk or
 * supervisor session, and then the customer the desk selected, as every acting call resolves it
 * (their account holder when they are a dependant: the holder's basket and credit pay).
 */
export async function deskCustomer(
  request: FastifyRequest,
  reply: FastifyReply,
  services: CallerServices,
  config: Config,
): Promise<{ staff: AuthenticatedStaff['staff']; customer: CustomerRow }> {
  const { staff } = await staffOnSite(request, reply, services, config);
  const { customer } = await requireCustomer(request, reply, services, config);
  return { staff, customer };
}

/** A staff session on the staff site, with the role the call needs; anywhere else a 403. */
export async function staffOnSite(
  request: FastifyRequest,
  reply: FastifyReply,
  services: CallerServices,
  config: Config,
  role: 'desk' | 'supervisor' = 'desk',
): Promise<AuthenticatedStaff> {
  if (request.site !== 'front-of-house') throw new HttpError(403, staffSiteOnly);
  return staffGuard(services, config).requireStaff(request, reply, role);
}
