import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Config, SiteName } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { CardProvider } from './providers/card/card-provider.ts';
import { convertKeys, snakeToCamel } from '@lido/contracts/case';
import { registerApiDocs } from './http/api-docs.ts';
import { registerSchemaCompilers } from './http/api-schema.ts';
import { registerAnswerCompression } from './http/compress-answers.ts';
import { registerCsrfGuard } from './http/csrf-guard.ts';
import { registerCspReports } from './http/csp-reports.ts';
import { registerDevOutbox } from './http/dev-outbox.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerAnswerLanguage, requestLanguage } from './http/answer-language.ts';
import type { Language } from '@lido/messages/languages';
import { refuseHostileInput } from './http/input-guard.ts';
import { logSerializers } from './http/log-safety.ts';
import { registerOperatorFonts } from './http/operator-fonts.ts';
import { decodedPath, isApiPath, registerSecurityHeaders } from './http/security-headers.ts';
import { resolveSite } from './http/sites.ts';
import { registerStaticSites } from './http/static-sites.ts';
import { activitiesRoutes } from './modules/activities/index.ts';
import { packagesRoutes } from './modules/packages/index.ts';
import { coursesRoutes } from './modules/courses/index.ts';
import { accountRoutes } from './modules/account/index.ts';
import { membershipExitRoutes } from './modules/memberships/index.ts';
import { bookingsRoutes } from './modules/bookings/index.ts';
import { familyRoutes } from './modules/customers/index.ts';
import { staffRoutes } from './modules/staff/index.ts';
import { deskPaymentsRoutes } from './modules/desk-payments/index.ts';
import { deskCustomersRoutes } from './modules/staff/index.ts';
import { timetableRoutes } from './modules/staff/index.ts';
import { centreCancellationsRoutes } from './modules/centre-cancellations/index.ts';
import { checkInRoutes } from './modules/check-in/index.ts';
import { deskAccountRoutes } from './modules/staff/index.ts';
import { staffAuditRoutes } from './modules/audit/index.ts';
import { registersRoutes } from './modules/registers/index.ts';
import { penaltyFeesRoutes } from './modules/penalty-fees/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { pricesOffersRoutes } from './modules/catalogue/index.ts';
import { registerActingAudit } from './modules/staff/index.ts';
import { registerStaffSiteOnly } from './modules/staff/index.ts';
import { guestPassesRoutes } from './modules/guest-passes/index.ts';
import { waitingListRoutes } from './modules/waiting-list/index.ts';
import { bookingOpeningsRoutes } from './modules/booking-openings/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { clientRoutes } from './modules/client/index.ts';
import { customersRoutes } from './modules/customers/index.ts';
import { geocodingRoutes } from './modules/geocoding/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { cartRoutes } from './modules/cart/index.ts';
import { outstandingBalanceRoutes } from './modules/cart/index.ts';
import { checkoutRoutes } from './modules/checkout/index.ts';
import { membershipsRoutes } from './modules/memberships/index.ts';
import { membershipFreezeRoutes } from './modules/memberships/index.ts';
import { createOpenActiveService, openActiveRoutes } from './modules/openactive/index.ts';
import { themeRoutes } from './modules/theme/index.ts';
import { venuesRoutes } from './modules/venues/index.ts';
import { type AppServices, type CatalogueCacheSetting, createServices } from './services.ts';
import { directDebitRoutes } from './modules/direct-debit/index.ts';
import type { DirectDebitProvider } from './providers/direct-debit/start-direct-debit-provider.ts';
import type { LineKinds } from './modules/line-kinds/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    site: SiteName | undefined;
    /** the language the answer's words are in (decision 0110): the page's, English on the staff site */
    language: Language;
  }
  interface FastifyInstance {
    services: AppServices;
  }
}

interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  serverFactory?: FastifyServerOptions['serverFactory'];
  /** The wall clock; tests pass a fixed one to set "today". */
  clock?: () => Date;
  /** The card provider checkout pays with; none means card payments are unavailable. */
  cardProvider?: CardProvider | undefined;
  /** The Direct Debit provider; none means monthly memberships can't set up a Direct Debit. */
  directDebitProvider?: DirectDebitProvider | undefined;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: Writable | undefined;
  /** Sees every route as it is registered (the OpenAPI test checks each /api route is documented). */
  onRoute?: ((route: RouteOptions) => void) | undefined;
  /** Items per OpenActive feed page; tests make it small to walk many pages. */
  openActivePageSize?: number | undefined;
  /** The catalogue cache (decision 0038): its check interval, or `false` to read the database every time. */
  catalogueCache?: CatalogueCacheSetting | undefined;
  /** Kinds of basket line sold besides the registered ones (decision 0077: a test's throwaway kind). */
  moreLineKinds?: LineKinds | undefined;
}

/** A hop count becomes its function form: the closest `hops` proxies are trusted. */
function fastifyTrustProxy(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

const requestIdPattern = /^[A-Za-z0-9._-]{8,128}$/;

/** Builds the whole HTTP application; `main.ts` listens with it and tests inject into it. */
export async function buildApp({
  config,
  database,
  serverFactory,
  clock = () => new Date(),
  cardProvider,
  directDebitProvider,
  logStream,
  onRoute,
  openActivePageSize,
  catalogueCache,
  moreLineKinds,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Errors and requests are logged without the values they carry (personal data, query strings).
      serializers: logSerializers,
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // Behind a load balancer, the client is who the trusted proxies say (LIDO_TRUST_PROXY); unset,
    // X-Forwarded-For is ignored and the client is the connection's own address.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 256 * 1024,
    ...(serverFactory ? { serverFactory } : {}),
  });

  if (onRoute) app.addHook('onRoute', onRoute);
  // Bodies are JSON or nothing: a form or text body (the shape of a cross-site form post) gets 415.
  app.removeContentTypeParser(['text/plain']);
  app.decorateRequest('site', undefined);
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (request, reply) => {
    request.site = resolveSite(config, request.headers.host, request.raw.socket?.localPort);
    request.language = requestLanguage(request, config.languages);
    reply.header('x-request-id', request.id);
  });
  // snake_case in: handlers and contracts see camelCase only, and never hostile nesting or NULs.
  app.addHook('preValidation', async (request) => {
    refuseHostileInput(request);
    if (request.body && typeof request.body === 'object')
      request.body = convertKeys(request.body, snakeToCamel);
    if (request.query && typeof request.query === 'object') {
      request.query = convertKeys({ ...(request.query as object) }, snakeToCamel);
    }
  });

  registerErrorHandling(app);
  registerAnswerLanguage(app, config);
  registerSecurityHeaders(app, config);
  registerAnswerCompression(app);
  registerCsrfGuard(app, config);
  await registerStaticSites(app, config);
  registerOperatorFonts(app, config);
  registerSchemaCompilers(app);
  await registerApiDocs(app, config);

  const services = createServices(
    config,
    database,
    clock,
    app.log,
    cardProvider,
    directDebitProvider,
    catalogueCache,
    moreLineKinds,
  );
  app.decorate('services', services);
  // Closing waits for the Direct Debit set-ups orders started, before the database goes.
  app.addHook('onClose', () => services.checkout.settled());
  registerActingAudit(app, database.db);
  registerStaffSiteOnly(app);
  healthRoutes(app, database);
  themeRoutes(app, services);
  clientRoutes(app, services, config);
  venuesRoutes(app, services);
  activitiesRoutes(app, services, config);
  packagesRoutes(app, services);
  coursesRoutes(app, services, config);
  membershipsRoutes(app, services, config);
  cartRoutes(app, services, config);
  checkoutRoutes(app, services, config);
  authRoutes(app, services, config);
  staffRoutes(app, services, config);
  deskPaymentsRoutes(app, services, config);
  deskCustomersRoutes(app, services, config);
  timetableRoutes(app, services, config);
  centreCancellationsRoutes(app, services, config);
  checkInRoutes(app, services, config);
  deskAccountRoutes(app, services, config);
  staffAuditRoutes(app, services, config);
  registersRoutes(app, services, config);
  penaltyFeesRoutes(app, services, config);
  dashboardRoutes(app, services, config);
  pricesOffersRoutes(app, services, config);
  customersRoutes(app, services, config);
  accountRoutes(app, services, config);
  membershipFreezeRoutes(app, services, config);
  outstandingBalanceRoutes(app, services, config);
  bookingsRoutes(app, services, config);
  familyRoutes(app, services, config);
  guestPassesRoutes(app, services, config);
  waitingListRoutes(app, services, config);
  bookingOpeningsRoutes(app, services, config);
  membershipExitRoutes(app, services, config);
  directDebitRoutes(app, services, config);
  const openActive = createOpenActiveService(database, config, { pageSize: openActivePageSize });
  openActiveRoutes(app, openActive, { clock });
  geocodingRoutes(app, services.geocoder);
  registerDevOutbox(app, config, services.email);
  registerCspReports(app, clock);

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = decodedPath(request.url);
    // Paths that look like files (a missing script or image) get a plain 404, never the app's HTML;
    // so does any spelling of an /api/ path (/%61pi/…, //API/…), decided on the decoded path.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      pathname !== undefined &&
      !isApiPath(pathname) &&
      !/\.[a-z0-9]{1,8}$/i.test(pathname);
    if (isPage && request.site) return app.sendSitePage(reply, request.site, services.joiningPageIds);
    return reply.status(404).send({ message: 'Unable to complete request, item not found.' });
  });

  return app;
}
