import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import type { CustomerRow } from '../auth/auth.repository.ts';
import type { AuthenticatedStaff } from './staff-auth.service.ts';
import { staffGuard } from './staff.routes.ts';

export const staffSiteOnly = 'This is only available on the front-of-house site.';
export const selectedCustomerNotFound = 'The selected customer could not be found.';

/**
 * The customer a desk call acts for (issue 19): a live desk or supervisor session on the staff
 * site, and the selected customer, or their account holder when they are a dependant (the holder's
 * basket and credit pay; decision 0051). A small seam: the acting-for-a-customer work replaces it.
 */
export async function deskCustomer(
  request: FastifyRequest,
  reply: FastifyReply,
  services: AppServices,
  config: Config,
  selectedUserId: number,
): Promise<{ staff: AuthenticatedStaff['staff']; customer: CustomerRow; selected: CustomerRow }> {
  const { staff } = await staffOnSite(request, reply, services, config);
  const selected = await services.desk.customerById(selectedUserId);
  if (!selected || (selected.accountHolderId !== null && selected.removedFromFamilyAt !== null))
    throw new HttpError(404, selectedCustomerNotFound);
  const customer =
    selected.accountHolderId === null ? selected : await services.desk.customerById(selected.accountHolderId);
  if (!customer) throw new HttpError(404, selectedCustomerNotFound);
  return { staff, customer, selected };
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
