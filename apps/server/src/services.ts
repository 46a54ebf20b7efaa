import { type CalendarDate, todayIn } from '@lido/pricing/calendar-date';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { defaultCatalogueCheckMs } from './modules/catalogue/index.ts';
import { joiningPageIdsFinder } from './modules/catalogue/index.ts';
import { createActivitiesService, placesLeftAmong } from './modules/activities/index.ts';
import { createAccountRepository } from './modules/account/index.ts';
import { createSessionGenerator } from './modules/activities/index.ts';
import { createAccountService } from './modules/account/index.ts';
import { packagesDetails } from './modules/packages/index.ts';
import { attendeeAllowances } from './attendee-allowances.ts';
import { createPackagesService } from './modules/packages/index.ts';
import { createCoursesService } from './modules/courses/index.ts';
import { createAuthRepository } from './modules/auth/index.ts';
import { createAuthService } from './modules/auth/index.ts';
import { createCartRepository } from './modules/cart/index.ts';
import { createCartService } from './modules/cart/index.ts';
import { createCartView } from './modules/cart/index.ts';
import { createGuestPassesService } from './modules/guest-passes/index.ts';
import { createCheckoutService } from './modules/checkout/index.ts';
import { attemptOfOrder } from './modules/checkout/index.ts';
import { chargeableSavedCard, startSavedCardPayment } from './modules/checkout/index.ts';
import { createMembershipExitService } from './modules/memberships/index.ts';
import { createMembershipTimeline } from './modules/memberships/index.ts';
import { createBookingsService } from './modules/bookings/index.ts';
import { createRegistersService } from './modules/registers/index.ts';
import { createPenaltyFeesService } from './modules/penalty-fees/index.ts';
import { createFamilyService } from './modules/customers/index.ts';
import { createRateLimiter } from './modules/auth/index.ts';
import { createRateLimitRepository } from './modules/auth/index.ts';
import { createMaintenanceService } from './modules/maintenance/index.ts';
import { createClientService } from './modules/client/index.ts';
import { createCustomersRepository, setPasswordHash } from './modules/customers/index.ts';
import { createCustomersService } from './modules/customers/index.ts';
import type { CardProvider } from './providers/card/card-provider.ts';
import type { DirectDebitProvider } from './providers/direct-debit/start-direct-debit-provider.ts';
import { createDirectDebitService } from './modules/direct-debit/index.ts';
import { upcomingCollections } from './modules/direct-debit/index.ts';
import { createEmailOutbox } from './modules/email/index.ts';
import { createSmtpEmail } from './providers/email/smtp-email.ts';
import { createOfflineGazetteer } from './providers/geocoding/offline-gazetteer.ts';
import { createMembershipsRepository } from './modules/memberships/index.ts';
import { createChangeService } from './modules/memberships/index.ts';
import { recordMembershipEvent } from './modules/memberships/index.ts';
import { waitingPriceNotices } from './modules/memberships/index.ts';
import { clearPaymentProblem, markPaymentProblem } from './modules/memberships/index.ts';
import { createMembershipsService } from './modules/memberships/index.ts';
import { createMembershipFreezeService } from './modules/memberships/index.ts';
import { createPriceChangeNotices } from './modules/memberships/index.ts';
import { createRenewalReminders } from './modules/memberships/index.ts';
import { publicSiteOrigins } from './http/sites.ts';
import { createOperatorRepository } from './modules/operator/index.ts';
import { requireOperator } from './modules/operator/index.ts';
import { createThemeService } from './modules/theme/index.ts';
import { createVenuesService } from './modules/venues/index.ts';
import { createWaitingListService } from './modules/waiting-list/index.ts';
import { createBookingOpeningsService, createOpeningStaffService } from './modules/booking-openings/index.ts';
import { insertBookings } from './modules/bookings/index.ts';
import type { LineKinds } from './modules/line-kinds/index.ts';
import { registeredLineKinds } from './line-kinds.ts';
import { type CatalogueCacheSetting, hotReads } from './services-catalogue.ts';
import { createStaffServices } from './services-staff.ts';

/**
 * Wires repositories into services once per app. Each module's routes are typed to receive only
 * the services they call and what deciding who is calling needs (`RouteServices` in
 * http/callers.ts); app.ts hands the few others a single service or, for the health check, the
 * database.
 */
export function createServices(
  config: Config,
  database: DatabaseHandle,
  clock: () => Date,
  log: FastifyBaseLogger,
  cardProvider: CardProvider | undefined,
  directDebitProvider?: DirectDebitProvider,
  catalogueCache: CatalogueCacheSetting = { checkEveryMs: defaultCatalogueCheckMs },
  /** kinds of basket line sold besides the registered ones (a test's throwaway kind) */
  moreLineKinds: LineKinds = [],
) {
  const membershipsRepository = createMembershipsRepository(database.db);
  const catalogue = hotReads(
    database,
    catalogueCache,
    createOperatorRepository(database.db),
    membershipsRepository,
  );
  // Every service reads the operator from the cached catalogue: it is read on most requests.
  const operators = catalogue.operators;
  const authRepository = createAuthRepository(database.db);
  const limiter = createRateLimiter(database.db, clock);
  // Every email is queued in the database; the sender job sends it by SMTP when that is configured,
  // and otherwise it only stays readable on the outbox page.
  const email = createEmailOutbox({
    db: database.db,
    transport: config.email.smtpUrl ? createSmtpEmail(config.email.smtpUrl, config.email.from) : undefined,
    log,
  });
  const rateLimits = createRateLimitRepository(database.db);
  /** The operator's local date: every price and date rule is computed from it. */
  const today = (): CalendarDate => todayIn(config.timeZone, clock());
  const accountRepository = createAccountRepository(database.db);
  const family = createFamilyService({ db: database.db, today });
  const memberships = createMembershipsService({
    operators,
    memberships: membershipsRepository,
    catalogue,
    checked: catalogue.checked,
    today,
    limiter,
    db: database.db,
  });
  const change = createChangeService({ operators, account: accountRepository, memberships, today });
  const directDebit = createDirectDebitService({
    db: database.db,
    client: directDebitProvider?.client,
    providerName: directDebitProvider?.name ?? 'none',
    operators,
    email,
    today,
    log,
    limiter,
    clock,
    memberships: {
      recordEvent: recordMembershipEvent,
      waitingPriceNotices,
      markPaymentProblem,
      clearPaymentProblem,
    },
  });
  const membershipFreeze = createMembershipFreezeService({
    db: database.db,
    operators,
    email,
    today,
  });
  const priceChangeNotices = createPriceChangeNotices({
    db: database.db,
    operators,
    email,
    today,
    clock,
    myAccountOrigin: publicSiteOrigins(config)['my-account'],
  });
  // Registers and the no-show and late-cancel strikes (issue 35 items 4 and 6, decision 0096).
  const registers = createRegistersService({
    db: database.db,
    email,
    clock,
    timeZone: config.timeZone,
    operators,
  });
  const waitingList = createWaitingListService({
    db: database.db,
    insertBookings,
    bookingBlockOf: registers.bookingBlockOf,
    email,
    clock,
    timeZone: config.timeZone,
    bookingsOrigin: publicSiteOrigins(config).bookings,
    myAccountOrigin: publicSiteOrigins(config)['my-account'],
    // Charged through the checkout's card payments (made below), so it is paid like any order.
    cardCharges: cardProvider && {
      chargeableCard: (customerId) =>
        chargeableSavedCard(database.db, cardProvider.name, customerId, today()),
      start: async (tx, start) =>
        startSavedCardPayment(tx, start, {
          provider: cardProvider.name,
          currency: (await requireOperator(operators, tx)).currency,
          today: today(),
        }),
      charge: (attemptUuid, description) => checkout.card.chargeSavedCard(attemptUuid, description),
    },
  });
  // What the basket sells (decision 0077): the basket's own rules are read from it when called.
  const kinds: LineKinds = [
    ...registeredLineKinds({
      timeZone: config.timeZone,
      clock,
      log,
      directDebit,
      basket: {
        termsOfLines: (lines) => cart.termsOfLines(lines),
        dropPromotion: (customerId, cartId, promotionId) =>
          cart.dropPromotion(customerId, cartId, promotionId),
      },
      offeredPlace: waitingList.lineKind,
    }),
    ...moreLineKinds,
  ];
  const carts = createCartRepository(database.db);
  const bookingOpenings = createBookingOpeningsService({
    db: database.db,
    clock,
    timeZone: config.timeZone,
    email,
    bookingsOrigin: publicSiteOrigins(config).bookings,
    placesLeft: (gates, now) => placesLeftAmong(database.db, gates, { timeZone: config.timeZone, now }),
  });
  const cart = createCartService({
    operators,
    carts,
    account: accountRepository,
    memberships,
    change,
    customerById: authRepository.customerById,
    today,
    db: database.db,
    clock,
    timeZone: config.timeZone,
    directDebitBillingAddress: config.directDebitBillingAddress,
    directDebit,
    family,
    kinds,
    openingGate: bookingOpenings,
  });
  const bookings = createBookingsService({
    db: database.db,
    clock,
    timeZone: config.timeZone,
    cardProvider,
    log,
    cardPaymentOfOrder: attemptOfOrder,
    customerCancelled: registers.cancelled,
  });
  const checkout = createCheckoutService({
    // Paying goes first for a connection when all are busy (decision 0067).
    db: database.payments,
    operators,
    kinds,
    email,
    today,
    clock,
    timeZone: config.timeZone,
    log,
    cardProvider,
    directDebit,
    offerPayments: waitingList.offerPayments,
    basketUrl: `${publicSiteOrigins(config).bookings}/basket`,
  });
  return {
    registers,
    family,
    bookingOpenings,
    openingStaff: createOpeningStaffService({
      db: database.db,
      clock,
      timeZone: config.timeZone,
      openings: bookingOpenings,
    }),
    packages: createPackagesService({ db: database.db, operators }),
    // Courses and swimming lessons (issue 36, decision 0105).
    courses: createCoursesService({
      db: database.db,
      operators,
      clock,
      timeZone: config.timeZone,
      carts,
      view: createCartView({ operators, db: database.db, timeZone: config.timeZone, kinds }),
      family,
    }),
    email,
    cardProvider,
    waitingList,
    geocoder: createOfflineGazetteer(),
    account: createAccountService({
      operators,
      account: accountRepository,
      today,
      heldFreezes: membershipFreeze.heldFreezes,
      dependantNames: family.dependantNames,
      packagesDetails: (packages) => packagesDetails(database.db, packages, config.timeZone),
      heldPriceChanges: priceChangeNotices.heldPriceChanges,
      // Each membership's next collection, from the collection engine's records and rule (issue 33).
      upcomingCollections: async (membershipIds) =>
        upcomingCollections(database.db, {
          membershipIds,
          today: today(),
          priceNotices: await waitingPriceNotices(database.db, membershipIds),
        }),
    }),
    membershipFreeze,
    priceChangeNotices,
    renewalReminders: createRenewalReminders({
      db: database.db,
      operators,
      email,
      today,
      myAccountOrigin: publicSiteOrigins(config)['my-account'],
    }),
    change,
    cart,
    // Fees for a no-show or a late cancellation, owed on the account (decision 0101).
    penaltyFees: createPenaltyFeesService({
      db: database.db,
      carts,
      view: createCartView({ operators, db: database.db, timeZone: config.timeZone, kinds }),
      operators,
      timeZone: config.timeZone,
    }),
    guestPasses: createGuestPassesService({
      db: database.db,
      operators,
      carts,
      view: createCartView({ operators, db: database.db, timeZone: config.timeZone, kinds }),
      settleHolds: cart.settleHolds,
      clock,
      timeZone: config.timeZone,
    }),
    bookings: {
      ...bookings,
      // A cancelled place may have been offered to the waiting list: tell them now, not next minute.
      cancel: async (...args: Parameters<typeof bookings.cancel>) => {
        const cancelled = await bookings.cancel(...args);
        waitingList.placesFreed();
        return cancelled;
      },
    },
    checkout,
    directDebit,
    auth: createAuthService({
      config,
      operators,
      auth: authRepository,
      // The same sessions, checked first in line for a connection on the payment path (decision 0067).
      paymentAuth: createAuthRepository(database.payments),
      limiter,
      clock,
      setPasswordHash: (customerId, passwordHash) => setPasswordHash(database.db, customerId, passwordHash),
      strikeBlockOf: registers.bookingBlockOf,
    }),
    // The staff site's services: the desk, the centre's managers and teachers.
    ...createStaffServices({
      database,
      config,
      operators,
      limiter,
      clock,
      email,
      kinds,
      waitingList,
      cardRefunds: { cardProvider, log },
    }),
    customers: createCustomersService({
      db: database.db,
      operators,
      customers: createCustomersRepository(database.db),
      auth: authRepository,
      limiter,
      email,
      clock,
      today,
      log,
    }),
    memberships,
    maintenance: createMaintenanceService({ config, clock, rateLimits, auth: authRepository }),
    theme: createThemeService(config, catalogue.operators),
    client: createClientService(config, catalogue.operators, clock),
    venues: createVenuesService(catalogue.operators),
    joiningPageIds: joiningPageIdsFinder(catalogue.operators, catalogue.memberships),
    activities: createActivitiesService({
      activities: catalogue.activities,
      clock,
      timeZone: config.timeZone,
      allowancesOf: attendeeAllowances(database.db),
    }),
    sessionGenerator: createSessionGenerator({ db: database.db, timeZone: config.timeZone, clock }),
    membershipExit: createMembershipExitService({
      db: database.db,
      operators,
      email,
      today,
      clock,
      timeZone: config.timeZone,
      cardProvider,
      directDebitClient: directDebitProvider?.client,
      cancelStoppedCollections: () => directDebit.cancelStoppedCollections(),
      log,
      cardPaymentOfOrder: attemptOfOrder,
    }),
    membershipTimeline: createMembershipTimeline({ db: database.db, operators, timeZone: config.timeZone }),
  };
}
export type AppServices = ReturnType<typeof createServices>;
export type { CatalogueCacheSetting } from './services-catalogue.ts';
