import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import type { CustomerRow } from '../auth/auth.repository.ts';
import type { AuthenticatedStaff } from './staff-auth.service.ts';
import { staffGuard } from './staff.routes.ts';
import { requireCustomer } from '../auth/auth.routes.ts';

export const staffSiteOnly = 'This is only available on the front-of-house site.';
/**
 * The customer a desk payment is for (issue 19): only on the staff site with a live desk or
 * supervisor session, and then the customer the desk selected, as every acting call resolves it
 * (their account holder when they are a dependant: the holder's basket and credit pay).
 */
export async function deskCustomer(
  request: FastifyRequest,
  reply: FastifyReply,
  services: AppServices,
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
  services: AppServices,
  config: Config,
  role: 'desk' | 'supervisor' = 'desk',
): Promise<AuthenticatedStaff> {
  if (request.site !== 'front-of-house') throw new HttpError(403, staffSiteOnly);
  return staffGuard(services, config).requireStaff(request, reply, role);
}
