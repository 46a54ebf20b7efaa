import { type CalendarDate, todayIn } from '@lido/pricing/calendar-date';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createActivitiesRepository, createLiveSessionsRepository } from './modules/activities/index.ts';
import {
  cachedActivityReads,
  cachedMembershipReads,
  cachedOperatorReads,
  snapshotSource,
} from './modules/catalogue/index.ts';
import { createCatalogueCache, defaultCatalogueCheckMs } from './modules/catalogue/index.ts';
import { defaultPlacesFreshMs } from './modules/catalogue/index.ts';
import { joiningPageIdsFinder } from './modules/catalogue/index.ts';
import { createCatalogueSnapshotRepository } from './modules/catalogue/index.ts';
import { createActivitiesService } from './modules/activities/index.ts';
import { createAccountRepository } from './modules/account/index.ts';
import { createSessionGenerator } from './modules/activities/index.ts';
import { createAccountService } from './modules/account/index.ts';
import { packagesDetails } from './modules/packages/index.ts';
import { createPackagesService } from './modules/packages/index.ts';
import { createAuthRepository } from './modules/auth/index.ts';
import { createAuthService } from './modules/auth/index.ts';
import { createStaffAccounts } from './modules/staff/index.ts';
import { createStaffAuthService } from './modules/staff/index.ts';
import { createCartRepository } from './modules/cart/index.ts';
import { createCartService } from './modules/cart/index.ts';
import { createCartView } from './modules/cart/index.ts';
import { createGuestPassesService } from './modules/guest-passes/index.ts';
import { createCheckoutService } from './modules/checkout/index.ts';
import { attemptOfOrder } from './modules/checkout/index.ts';
import {
  chargeableSavedCard,
  markOrderVoided,
  orderLines,
  startSavedCardPayment,
} from './modules/checkout/index.ts';
import { createDeskOrdersService } from './modules/desk-payments/index.ts';
import { createMembershipExitService } from './modules/memberships/index.ts';
import { createMembershipTimeline } from './modules/memberships/index.ts';
import { createBookingsService } from './modules/bookings/index.ts';
import { createFamilyService } from './modules/customers/index.ts';
import { createRateLimiter } from './modules/auth/index.ts';
import { createRateLimitRepository } from './modules/auth/index.ts';
import { createMaintenanceService } from './modules/maintenance/index.ts';
import { createClientService } from './modules/client/index.ts';
import { createCustomersRepository, setPasswordHash } from './modules/customers/index.ts';
import { createCustomersService } from './modules/customers/index.ts';
import { createDeskCustomersService } from './modules/staff/index.ts';
import { createStaffAuditService } from './modules/audit/index.ts';
import type { CardProvider } from './providers/card/card-provider.ts';
import type { DirectDebitProvider } from './providers/direct-debit/start-direct-debit-provider.ts';
import { createDirectDebitService } from './modules/direct-debit/index.ts';
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
import { insertBookings } from './modules/bookings/index.ts';
import type { LineKinds } from './modules/line-kinds/index.ts';
import { registeredLineKinds } from './line-kinds.ts';

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
  const waitingList = createWaitingListService({
    db: database.db,
    insertBookings,
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
  });
  const bookings = createBookingsService({
    db: database.db,
    clock,
    timeZone: config.timeZone,
    cardProvider,
    log,
    cardPaymentOfOrder: attemptOfOrder,
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
  });
  return {
    family,
    packages: createPackagesService({ db: database.db, operators }),
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
    }),
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
    staffAudit: createStaffAuditService({ db: database.db, operators, clock, timeZone: config.timeZone }),
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

/** The catalogue cache's check interval in ms (decision 0038), or `false` to read the database every time. */
export type CatalogueCacheSetting =
  | {
      checkEveryMs: number;
      /** how old the places left shown to visitors may be (decision 0061); default the smaller of 1 s and the check */
      placesFreshMs?: number;
    }
  | false;

/** Where the hot reads come from: the cached catalogue, or (setting `false`) the database each time. */
function hotReads(
  database: DatabaseHandle,
  setting: CatalogueCacheSetting,
  operators: ReturnType<typeof createOperatorRepository>,
  memberships: ReturnType<typeof createMembershipsRepository>,
) {
  if (setting === false)
    return {
      operators,
      memberships,
      checked: () => Promise.resolve({ operators, memberships }),
      activities: createActivitiesRepository(database.db),
    };
  const cache = createCatalogueCache(createCatalogueSnapshotRepository(database.db), setting);
  return {
    operators: cachedOperatorReads(cache, operators),
    memberships: cachedMembershipReads(cache),
    // What a basket line is priced from: the catalogue as of now (one read of its version).
    checked: async () => {
      const source = snapshotSource(await cache.checked());
      return {
        operators: cachedOperatorReads(source, operators),
        memberships: cachedMembershipReads(source),
      };
    },
    activities: cachedActivityReads(cache, createLiveSessionsRepository(database.db), {
      placesFreshMs: setting.placesFreshMs ?? Math.min(setting.checkEveryMs, defaultPlacesFreshMs),
    }),
  };
}
