import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createStaffAuditService } from './modules/audit/index.ts';
import { createCentreCancelBookings } from './modules/bookings/index.ts';
import { createCentreCancellationsService } from './modules/centre-cancellations/index.ts';
import { createDashboardService } from './modules/dashboard/index.ts';
import { attemptOfOrder } from './modules/checkout/index.ts';
import type { CardProvider } from './providers/card/card-provider.ts';
import type { FastifyBaseLogger } from 'fastify';
import { createCheckInService } from './modules/check-in/index.ts';
import { checkSeries, createPricesOffersService } from './modules/catalogue/index.ts';
import { markOrderVoided, orderLines } from './modules/checkout/index.ts';
import { createDeskOrdersService } from './modules/desk-payments/index.ts';
import type { EmailOutbox } from './modules/email/index.ts';
import type { LineKinds } from './modules/line-kinds/index.ts';
import type { OperatorRepository } from './modules/operator/index.ts';
import type { RateLimiter } from './modules/auth/index.ts';
import {
  createDeskCustomersService,
  createStaffAccounts,
  createStaffAuthService,
  createTimetableService,
} from './modules/staff/index.ts';

/**
 * The staff site's services (the desk, and the centre's managers and teachers), wired from what the
 * customer side has already made: split from services.ts so each half stays readable.
 */
export function createStaffServices({
  database,
  config,
  operators,
  limiter,
  clock,
  email,
  kinds,
  waitingList,
  cardRefunds,
}: {
  database: DatabaseHandle;
  config: Config;
  operators: OperatorRepository;
  limiter: RateLimiter;
  clock: () => Date;
  email: EmailOutbox;
  kinds: LineKinds;
  /** told when the desk frees places, so the waiting list hears at once */
  waitingList: { placesFreed(): void };
  /** what a centre's cancellation refunds cards with (decision 0095) */
  cardRefunds: { cardProvider: CardProvider | undefined; log: FastifyBaseLogger };
}) {
  return {
    staffAuth: createStaffAuthService({ db: database.db, operators, limiter, clock, timeouts: config.staff }),
    staffAccounts: createStaffAccounts({ db: database.db, clock }),
    desk: createDeskOrdersService({
      db: database.db,
      operators,
      clock,
      timeZone: config.timeZone,
      placesFreed: () => waitingList.placesFreed(),
      kinds,
      orderLines,
      markOrderVoided,
    }),
    deskCustomers: createDeskCustomersService({ db: database.db }),
    timetable: createTimetableService({ db: database.db, operators, email, clock, config, checkSeries }),
    staffAudit: createStaffAuditService({ db: database.db, operators, clock, timeZone: config.timeZone }),
    // Sessions cancelled by the centre (issue 35 item 3, decision 0095).
    centreCancellations: createCentreCancellationsService({
      db: database.db,
      operators,
      email,
      clock,
      config,
      bookings: createCentreCancelBookings({
        db: database.db,
        clock,
        timeZone: config.timeZone,
        ...cardRefunds,
        cardPaymentOfOrder: attemptOfOrder,
        email,
      }),
    }),
    // Membership cards and check-in by card (issue 35 item 5, decision 0097).
    checkIn: createCheckInService({ db: database.db, operators, clock, timeZone: config.timeZone }),
    dashboard: createDashboardService({ db: database.db, timeZone: config.timeZone }), // issue 37, decision 0099
    // Prices and offers without the catalogue file (issue 37 item 3, decision 0103).
    pricesOffers: createPricesOffersService({ db: database.db, clock, timeZone: config.timeZone }),
  };
}
