import type { CalendarDate } from '@lido/pricing/calendar-date';
import type { DirectDebitService } from '../direct-debit/index.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { AccountRepository } from '../account/index.ts';
import type { CustomerRow } from '../auth/index.ts';
import type { createChangeService } from '../memberships/index.ts';
import type { createMembershipsService } from '../memberships/index.ts';
import { itemNotFoundMessage } from '../operator/index.ts';
import type { OperatorRepository } from '../operator/index.ts';
import type { FamilyService } from '../customers/index.ts';
import type { CartRepository, CartRow } from './cart.repository.ts';
import type { LineKinds } from '../line-kinds/index.ts';
import type { BookingOpeningsService } from '../booking-openings/index.ts';

/** What the basket's services are built from (see `createCartService`). */
export interface CartDeps {
  operators: OperatorRepository;
  carts: CartRepository;
  account: AccountRepository;
  memberships: ReturnType<typeof createMembershipsService>;
  change: ReturnType<typeof createChangeService>;
  customerById: (id: number) => Promise<CustomerRow | undefined>;
  today: () => CalendarDate;
  /** the database, for the booking lines' repository functions (decision 0022's executor style) */
  db: Db;
  clock: () => Date;
  /** the operator's time zone: a session's date, time and booking window are read in it */
  timeZone: string;
  /** The Direct Debit provider's need for a billing address, over the operator's setting when set. */
  directDebitBillingAddress?: boolean | undefined;
  directDebit: Pick<
    DirectDebitService,
    'available' | 'prepare' | 'keepWithCart' | 'dropFromCart' | 'discardBillingRequest'
  >;
  /** who a customer may book and buy for: themself and their dependants (decision 0051) */
  family: Pick<FamilyService, 'member' | 'checkFamily'>;
  /** what the basket sells (decision 0077) */
  kinds: LineKinds;
  /** announced openings' queue: a gated session is added only with an admission (decision 0094) */
  openingGate?: Pick<BookingOpeningsService, 'admit'>;
}

/**
 * The selected user (and any member or attendee named) must be the customer or one of their
 * dependants: anyone else is not found (404), as if the id did not exist (decision 0051).
 */
export async function checkSelectedUser(
  deps: Pick<CartDeps, 'family'>,
  customer: CustomerRow,
  ...userIds: (number | undefined)[]
): Promise<void> {
  await deps.family.checkFamily(customer, ...userIds);
}

export function requireOpen(cart: CartRow | undefined): asserts cart is CartRow {
  if (!cart) throw new HttpError(404, itemNotFoundMessage);
  if (cart.status !== 'open')
    throw new HttpError(409, 'Your basket is being paid for, so it cannot be changed now.');
}
