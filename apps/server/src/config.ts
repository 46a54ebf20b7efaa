/* eslint-disable max-lines -- every setting in one schema, so start-up can list everything wrong at once (house rule 11) */
import { type Language, languages } from '@lido/messages/languages';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the server reads, validated in one place at start-up. A bad setting produces a
 * readable list of what is wrong (see `formatConfigErrors`) instead of a failure deep inside a request.
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''], {
    error: 'must be one of true, false, 1, 0, yes or no',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A flag whose absence means "the environment's default" (see its use). */
const optionalFlag = z.preprocess((value) => (value === '' ? undefined : value), booleanFlag.optional());

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A key, token or password: one value, so a space or line break inside is a pasting mistake. */
const secretText = optionalText.refine((value) => value === undefined || !/\s/.test(value), {
  message: 'must be a single value with no spaces or line breaks',
});

const siteUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .refine((value) => value === undefined || /^https?:\/\/[^/\s]+$/.test(value), {
    message: 'must be an origin such as https://join.example.org (scheme and host, no path)',
  })
  .optional();

/** The kiosk's warning gets 20 s before its reset and opens at least 5 s after the last tap. */
const minimumKioskResetSeconds = 25;

export const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
      .default('development'),
    LIDO_PORT: z.coerce
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(65530, {
        error:
          'must be at most 65530 (six consecutive ports are used: three sites, two sandboxes, the staff site)',
      })
      .default(3000),
    LIDO_BIND_ADDRESS: z.string().trim().min(1, { error: 'must not be empty' }).default('127.0.0.1'),
    LIDO_DATA_DIR: z.string().trim().min(1, { error: 'must not be empty' }).default('./data'),
    DATABASE_URL: z
      .string()
      .trim()
      .transform((value) => (value === '' ? undefined : value))
      .refine((value) => value === undefined || /^postgres(ql)?:\/\/\S+$/.test(value), {
        message: 'must start with postgres:// or postgresql:// (and have no spaces)',
      })
      .optional(),
    LIDO_LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace or silent',
      })
      .default('info'),
    LIDO_WEB_DIST: z.string().trim().min(1).optional(),
    LIDO_BOOKINGS_URL: siteUrl,
    LIDO_MY_ACCOUNT_URL: siteUrl,
    LIDO_ONLINE_JOINING_URL: siteUrl,
    // The staff site (issue 19): optional, so an operator without a desk serves no staff site.
    LIDO_FRONT_OF_HOUSE_URL: siteUrl,
    LIDO_MAINTENANCE_MODE: booleanFlag.default(false),
    LIDO_TIME_ZONE: z
      .string()
      .trim()
      .default('Europe/London')
      .refine(isKnownTimeZone, { message: 'must be an IANA time zone such as Europe/London' }),
    LIDO_FRAME_ANCESTORS: z
      .string()
      .trim()
      .default('')
      .refine(
        (value) => value.split(/\s+/).every((origin) => origin === '' || /^https?:\/\/[^/\s]+$/.test(origin)),
        {
          message: 'must be a space-separated list of origins such as https://www.example.org',
        },
      ),
    LIDO_SENTRY_DSN: optionalText.refine((value) => value === undefined || /^https:\/\/[^\s]+$/.test(value), {
      message: 'must be an https URL',
    }),
    LIDO_ANALYTICS_GA_ID: optionalText,
    LIDO_ANALYTICS_GTM_ID: optionalText,
    LIDO_MAP_API_KEY: optionalText,
    LIDO_MAP_STYLE_URL: optionalText,
    LIDO_KIOSK_HOME_URL: optionalText,
    LIDO_LANGUAGES: z
      .string()
      .default('en')
      .transform((value) => [...new Set(value.split(',').map((part) => part.trim()))])
      .refine((list) => list.every((language) => (languages as readonly string[]).includes(language)), {
        message: `must be a comma-separated list of ${languages.join(', ')}`,
      })
      .refine((list) => list.includes('en'), { message: 'must include en (English is always offered)' })
      .transform((list) => list as Language[]),
    LIDO_OPENACTIVE_DISCUSSION_URL: optionalText.refine(
      (value) => value === undefined || /^https:\/\/\S+$/.test(value),
      { message: 'must be an https URL, such as the GitHub issues page where the open data is discussed' },
    ),
    LIDO_COOKIE_DOMAIN: optionalText.refine(
      (value) => value === undefined || /^[a-z0-9.-]+\.[a-z]{2,}$/.test(value),
      {
        message: 'must be a parent domain such as example.org',
      },
    ),
    LIDO_ALLOW_BEARER: booleanFlag.default(false),
    LIDO_SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\/[^\s]+$/.test(value), {
      message: 'must be an smtp:// or smtps:// URL',
    }),
    /** email is written to the outbox and never sent: in production only when asked for */
    LIDO_EMAIL_OUTBOX: booleanFlag.default(false),
    /** an empty database gets the demo operator; unset means yes, except in production */
    LIDO_SEED_DEMO: optionalFlag,
    /** the API's docs page at /api/docs; unset means yes, except in production */
    LIDO_API_DOCS: optionalFlag,
    /** production site URLs may be http:// (a private trial without TLS; behind a TLS proxy they are https) */
    LIDO_ALLOW_HTTP: booleanFlag.default(false),
    LIDO_EMAIL_FROM: z.string().trim().default('Lido <no-reply@lido.localhost>'),
    LIDO_SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    LIDO_SESSION_ABSOLUTE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(12),
    LIDO_KIOSK_SESSION_MINUTES: z.coerce.number().int().min(1).max(120).default(10),
    LIDO_STAFF_IDLE_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
    LIDO_STAFF_SESSION_HOURS: z.coerce.number().int().min(1).max(24).default(10),
    /** addresses or CIDR ranges allowed to use the staff site and its calls; unset allows any */
    LIDO_FRONT_OF_HOUSE_ALLOW: z.string().trim().default('').transform(parseAllowList),
    /** end-to-end tests only (NODE_ENV=test): a session idle limit in seconds, so a timeout can be seen without waiting 30 minutes */
    LIDO_TEST_SESSION_IDLE_SECONDS: z.coerce.number().int().min(5).max(3600).optional(),
    LIDO_DIRECT_DEBIT_BILLING_ADDRESS: z.enum(['required', 'not-required']).optional(),
    LIDO_KIOSK_IDLE_WARNING_SECONDS: z.coerce.number().int().min(1).max(3600).default(90),
    LIDO_KIOSK_IDLE_RESET_SECONDS: z.coerce.number().int().min(2).max(3600).default(95),
    LIDO_KIOSK_CONFIRMATION_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    LIDO_CARD_PROVIDER: z.string().trim().default('sandbox'),
    LIDO_SANDBOX_CARD_ORIGIN: siteUrl,
    LIDO_ALLOW_SANDBOX_IN_PRODUCTION: booleanFlag.default(false),
    LIDO_OPAYO_API_BASE: optionalText.refine(
      (value) => value === undefined || /^https:\/\/[^\s]+$/.test(value),
      {
        message: 'must be an https URL such as https://live.opayo.eu.elavon.com/api/v1',
      },
    ),
    LIDO_OPAYO_VENDOR: optionalText,
    LIDO_OPAYO_INTEGRATION_KEY: secretText,
    LIDO_OPAYO_INTEGRATION_PASSWORD: secretText,
    /** Opayo's Reporting & Admin API, to find a payment whose answer was lost (all three or none) */
    LIDO_OPAYO_REPORTING_URL: optionalText.refine(
      (value) => value === undefined || /^https:\/\/[^\s]+$/.test(value),
      { message: 'must be an https URL such as https://live.opayo.eu.elavon.com/access/access.htm' },
    ),
    LIDO_OPAYO_REPORTING_USER: optionalText,
    LIDO_OPAYO_REPORTING_PASSWORD: secretText,
    LIDO_STRIPE_SECRET_KEY: secretText,
    LIDO_STRIPE_PUBLISHABLE_KEY: optionalText,
    LIDO_STRIPE_WEBHOOK_SECRET: secretText,
    /** a Stripe-shaped API on loopback for local testing; the real API when unset */
    LIDO_STRIPE_API_URL: optionalText.refine(
      (value) => value === undefined || /^http:\/\/(127\.0\.0\.1|localhost):\d+$/.test(value),
      { message: 'must be a loopback URL such as http://127.0.0.1:12111 (only for local testing)' },
    ),
    LIDO_DIRECT_DEBIT_PROVIDER: z.enum(['sandbox', 'gocardless', 'none']).default('sandbox'),
    LIDO_GOCARDLESS_ACCESS_TOKEN: secretText,
    LIDO_GOCARDLESS_WEBHOOK_SECRET: secretText,
    /** the live API when unset; GoCardless's own sandbox is https://api-sandbox.gocardless.com */
    LIDO_GOCARDLESS_API_URL: optionalText.refine(
      (value) => value === undefined || /^(https:\/\/|http:\/\/(127\.0\.0\.1|localhost):\d+)/.test(value),
      { message: 'must be an https URL (or a loopback URL, only for local testing)' },
    ),
    /** how the sandbox's Bacs clock moves: with the wall clock, a working day a second, or only by tests */
    LIDO_SANDBOX_DD_SPEED: z.enum(['realtime', 'fast', 'manual']).default('realtime'),
    /** how often the background jobs run (reconciliation, Direct Debit, email); tests shorten it */
    LIDO_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** operator font files; a directory every instance shares (defaults to LIDO_DATA_DIR/fonts) */
    LIDO_FONTS_DIR: optionalText,
    /** which proxies in front of Lido may say who the client is (X-Forwarded-For); unset trusts none */
    LIDO_TRUST_PROXY: z.string().trim().default('').transform(parseTrustProxy),
    /** development only: the first of the three ports `npm run dev` serves the sites on through Vite */
    LIDO_DEV_SITE_PORT: z.coerce
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(65530, {
        error: 'must be at most 65530 (the sites take it and the next five ports, as on LIDO_PORT)',
      })
      .optional(),
    LIDO_PAYMENT_RECONCILE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(5),
  })
  .superRefine((env, ctx) => {
    const urls = [env.LIDO_BOOKINGS_URL, env.LIDO_MY_ACCOUNT_URL, env.LIDO_ONLINE_JOINING_URL];
    const set = urls.filter((url) => url !== undefined).length;
    if (env.NODE_ENV === 'production') checkProductionSettings(env, ctx);
    else if (set !== 0 && set !== 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['LIDO_BOOKINGS_URL'],
        message:
          'LIDO_BOOKINGS_URL, LIDO_MY_ACCOUNT_URL and LIDO_ONLINE_JOINING_URL must be set together (or none, to serve each site on its own port)',
      });
    }
    if (env.LIDO_FRONT_OF_HOUSE_URL !== undefined && set !== 3)
      ctx.addIssue({
        code: 'custom',
        path: ['LIDO_FRONT_OF_HOUSE_URL'],
        message:
          'needs LIDO_BOOKINGS_URL, LIDO_MY_ACCOUNT_URL and LIDO_ONLINE_JOINING_URL too (without them every site has its own port, the staff site LIDO_PORT + 5)',
      });
    if (env.LIDO_KIOSK_IDLE_RESET_SECONDS <= env.LIDO_KIOSK_IDLE_WARNING_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['LIDO_KIOSK_IDLE_RESET_SECONDS'],
        message: 'must be longer than LIDO_KIOSK_IDLE_WARNING_SECONDS, so the warning comes before the reset',
      });
    }
    // The warning opens at least 20 s before the reset (WCAG 2.2.1), so a reset needs room for both.
    if (env.LIDO_KIOSK_IDLE_RESET_SECONDS < minimumKioskResetSeconds) {
      ctx.addIssue({
        code: 'custom',
        path: ['LIDO_KIOSK_IDLE_RESET_SECONDS'],
        message: `must be at least ${minimumKioskResetSeconds}, so the "Do you need more time?" question can give 20 seconds to answer`,
      });
    }
    if (env.LIDO_TEST_SESSION_IDLE_SECONDS !== undefined && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['LIDO_TEST_SESSION_IDLE_SECONDS'],
        message: 'is for end-to-end tests only and can be set only when NODE_ENV is test',
      });
    }
    if (!(cardProviders as readonly string[]).includes(env.LIDO_CARD_PROVIDER)) {
      ctx.addIssue({
        code: 'custom',
        path: ['LIDO_CARD_PROVIDER'],
        message: `Payment provider '${env.LIDO_CARD_PROVIDER}' is not supported (use ${cardProviders.join(' or ')})`,
      });
    }
    if (env.LIDO_CARD_PROVIDER === 'opayo') {
      for (const name of [
        'LIDO_OPAYO_API_BASE',
        'LIDO_OPAYO_VENDOR',
        'LIDO_OPAYO_INTEGRATION_KEY',
        'LIDO_OPAYO_INTEGRATION_PASSWORD',
      ] as const)
        if (!env[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when LIDO_CARD_PROVIDER is opayo',
          });
    }
    if (env.LIDO_CARD_PROVIDER === 'stripe') {
      for (const name of [
        'LIDO_STRIPE_SECRET_KEY',
        'LIDO_STRIPE_PUBLISHABLE_KEY',
        'LIDO_STRIPE_WEBHOOK_SECRET',
      ] as const)
        if (!env[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when LIDO_CARD_PROVIDER is stripe',
          });
    }
    if (env.LIDO_DIRECT_DEBIT_PROVIDER === 'gocardless') {
      for (const name of ['LIDO_GOCARDLESS_ACCESS_TOKEN', 'LIDO_GOCARDLESS_WEBHOOK_SECRET'] as const)
        if (!env[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when LIDO_DIRECT_DEBIT_PROVIDER is gocardless',
          });
    }
    if (env.LIDO_EMAIL_OUTBOX && env.LIDO_SMTP_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['LIDO_EMAIL_OUTBOX'],
        message: 'cannot be true together with LIDO_SMTP_URL (choose one)',
      });
    if (env.LIDO_DEV_SITE_PORT !== undefined && (env.NODE_ENV === 'production' || set !== 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['LIDO_DEV_SITE_PORT'],
        message:
          'is for `npm run dev` only: it cannot be set when NODE_ENV is production or with the site URLs (LIDO_BOOKINGS_URL and the others)',
      });
    }
    if (env.LIDO_ALLOW_BEARER && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['LIDO_ALLOW_BEARER'],
        message: 'bearer tokens are for development only and cannot be allowed when NODE_ENV is production',
      });
    }
  });

type EnvSettings = z.infer<typeof envSchema>;

/**
 * What a production start needs beyond the shapes above (README "Running in production"): links in
 * emails and pages come from configured https origins, never from a request's `Host` header, and
 * email has somewhere to go on purpose.
 */
function checkProductionSettings(env: EnvSettings, ctx: z.core.$RefinementCtx) {
  const needHttps = (name: string, url: string) => {
    if (!env.LIDO_ALLOW_HTTP && !url.startsWith('https://'))
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'must be an https:// origin when NODE_ENV is production (or set LIDO_ALLOW_HTTP=true)',
      });
  };
  for (const name of ['LIDO_BOOKINGS_URL', 'LIDO_MY_ACCOUNT_URL', 'LIDO_ONLINE_JOINING_URL'] as const) {
    const url = env[name];
    if (url === undefined)
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message:
          "is required when NODE_ENV is production (links in emails and pages use it, never a request's Host header)",
      });
    else needHttps(name, url);
  }
  if (env.LIDO_FRONT_OF_HOUSE_URL !== undefined)
    needHttps('LIDO_FRONT_OF_HOUSE_URL', env.LIDO_FRONT_OF_HOUSE_URL);
  if (!env.LIDO_SMTP_URL && !env.LIDO_EMAIL_OUTBOX)
    ctx.addIssue({
      code: 'custom',
      path: ['LIDO_SMTP_URL'],
      message:
        'is required when NODE_ENV is production (or set LIDO_EMAIL_OUTBOX=true to keep email in the outbox, unsent)',
    });
  if (env.LIDO_CARD_PROVIDER === 'sandbox' && env.LIDO_ALLOW_SANDBOX_IN_PRODUCTION) {
    if (env.LIDO_SANDBOX_CARD_ORIGIN === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['LIDO_SANDBOX_CARD_ORIGIN'],
        message:
          'is required when the card sandbox runs in production (the sandbox listens on loopback only, behind your proxy)',
      });
    else needHttps('LIDO_SANDBOX_CARD_ORIGIN', env.LIDO_SANDBOX_CARD_ORIGIN);
  }
}

const trustProxyHelp =
  'must be the number of proxies in front of Lido (such as 1), or their addresses or CIDR ranges separated by commas or spaces (such as 10.0.0.0/8, 192.0.2.10, loopback)';

/** One trusted proxy: an address, a CIDR range narrower than everything, or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Unset (or 0) trusts no proxy: X-Forwarded-For is ignored and the client is the connection's
 * address. `true` is refused: trusting every address would let any client choose its own.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  if (value === '' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    if (Number(value) <= 20) return Number(value);
    ctx.addIssue({ code: 'custom', message: `${trustProxyHelp}; more than 20 hops is surely a mistake` });
    return z.NEVER;
  }
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message: `${trustProxyHelp}; "true" would trust every address, so any client could choose its own`,
    });
    return z.NEVER;
  }
  const entries = value.split(/[\s,]+/).filter(Boolean);
  const unknown = entries.filter((entry) => !isProxyAddress(entry));
  if (unknown.length > 0) {
    ctx.addIssue({ code: 'custom', message: `${trustProxyHelp}; not understood: ${unknown.join(', ')}` });
    return z.NEVER;
  }
  return entries;
}

const allowListHelp =
  'must be addresses or CIDR ranges separated by commas or spaces (such as 192.0.2.0/24, 10.1.2.3)';

/** LIDO_FRONT_OF_HOUSE_ALLOW: null allows every address; a list allows only its entries. */
function parseAllowList(value: string, ctx: z.RefinementCtx): string[] | null {
  if (value === '') return null;
  const entries = value.split(/[\s,]+/).filter(Boolean);
  const unknown = entries.filter(
    (entry) => ['loopback', 'linklocal', 'uniquelocal'].includes(entry) || !isProxyAddress(entry),
  );
  if (unknown.length > 0) {
    ctx.addIssue({ code: 'custom', message: `${allowListHelp}; not understood: ${unknown.join(', ')}` });
    return z.NEVER;
  }
  return entries;
}

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Settings that hold a password, key or token: a settings error names them but never prints their
 * value (a URL shows only its scheme), since start-up errors end up in logs and terminals.
 */
export const secretSettings = [
  'DATABASE_URL',
  'LIDO_SMTP_URL',
  'LIDO_OPAYO_INTEGRATION_KEY',
  'LIDO_OPAYO_INTEGRATION_PASSWORD',
  'LIDO_OPAYO_REPORTING_PASSWORD',
  'LIDO_STRIPE_SECRET_KEY',
  'LIDO_STRIPE_WEBHOOK_SECRET',
  'LIDO_GOCARDLESS_ACCESS_TOKEN',
  'LIDO_GOCARDLESS_WEBHOOK_SECRET',
] as const;

/** How a problem shows the value it was given: as is, or for a secret at most its URL scheme. */
function givenValue(name: string, given: string): string {
  if (!(secretSettings as readonly string[]).includes(name)) return ` (got "${given}")`;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(given.trim())?.[0];
  return scheme ? ` (got "${scheme}…", the rest hidden)` : ' (value hidden)';
}

/** Card providers this server can take payments with (payments-reference.md). */
const cardProviders = ['sandbox', 'opayo', 'stripe'] as const;

/** The customers' sites; with site URLs configured all three are required. */
const customerSiteNames = ['bookings', 'my-account', 'online-joining'] as const;
type CustomerSiteName = (typeof customerSiteNames)[number];
/** Every site, the staff site (front-of-house, issue 19) last: it is optional where URLs are configured. */
export const siteNames = [...customerSiteNames, 'front-of-house'] as const;
export type SiteName = (typeof siteNames)[number];
/** Configured public origins: the customer sites always, the staff site only when it is served. */
export type SiteOrigins = Record<CustomerSiteName, string> & Partial<Record<'front-of-house', string>>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  bindAddress: string;
  dataDir: string;
  /** operator font files (see http/operator-fonts.ts) */
  fontsDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses and ranges */
  trustProxy: false | number | string[];
  webDist: string;
  /**
   * Public origins per site when hostnames are configured; undefined means "one port per site"
   * (never in production, where they are required).
   */
  siteOrigins: SiteOrigins | undefined;
  /**
   * Development only (`npm run dev`): the first of three ports where Vite serves the sites (bookings,
   * then my-account, then online-joining), proxying to this server; undefined otherwise.
   */
  devSitePort: number | undefined;
  /** fill an empty database with the demo operator at start-up */
  seedDemo: boolean;
  /** serve the API's docs page at /api/docs (the OpenAPI document itself is always served) */
  apiDocs: boolean;
  maintenanceMode: boolean;
  timeZone: string;
  frameAncestors: string[];
  sentryDsn: string | undefined;
  analytics: { gaMeasurementId: string | undefined; gtmContainerId: string | undefined };
  map: { apiKey: string | undefined; styleUrl: string | undefined };
  kioskHomeUrl: string | undefined;
  /** The languages the customer sites offer (decision 0108): English, and Welsh when "cy" is listed. */
  languages: Language[];
  /** where OpenActive data users discuss the open data (the dataset page's `discussionUrl`) */
  openActiveDiscussionUrl: string | undefined;
  /** the Direct Debit provider's need for a billing address; undefined leaves it to the operator's setting */
  directDebitBillingAddress: boolean | undefined;
  /** kiosk idle timers: the start-over warning, the reset, and the order-confirmed return */
  kioskIdle: { warningMs: number; resetMs: number; orderConfirmedMs: number };
  email: { smtpUrl: string | undefined; from: string };
  /** the background jobs' period */
  jobIntervalMs: number;
  directDebit:
    | { provider: 'sandbox'; speed: 'realtime' | 'fast' | 'manual' }
    /** none configured, or the sandbox in production without LIDO_ALLOW_SANDBOX_IN_PRODUCTION */
    | { provider: 'none' }
    | { provider: 'gocardless'; apiUrl: string; accessToken: string; webhookSecret: string };
  card:
    | { provider: 'sandbox'; sandboxOrigin: string; origins: string[]; reconcileAfterMs: number }
    /** the sandbox in production without LIDO_ALLOW_SANDBOX_IN_PRODUCTION: no card payments */
    | { provider: 'none'; origins: string[]; reconcileAfterMs: number }
    | {
        provider: 'opayo';
        apiBase: string;
        vendorName: string;
        integrationKey: string;
        integrationPassword: string;
        reporting: { url: string; user: string; password: string } | undefined;
        origins: string[];
        reconcileAfterMs: number;
      }
    | {
        provider: 'stripe';
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        api: { host: string; port: number; protocol: 'http' } | undefined;
        origins: string[];
        /** Stripe.js calls Stripe's API from the page */
        connectOrigins: string[];
        reconcileAfterMs: number;
      };
  auth: {
    /** parent domain the auth cookie is scoped to (production); host-only when unset */
    cookieDomain: string | undefined;
    /** cookies get `Secure` and the `__Secure-` prefix when every site is served over https */
    secureCookies: boolean;
    allowBearer: boolean;
    idleTimeoutMs: number;
    absoluteTimeoutMs: number;
    /** a kiosk session ends this long after login, or after two idle minutes */
    kioskTimeoutMs: number;
  };
  /** front-of-house staff (issue 19): their sessions' ends, and who may reach the staff calls */
  staff: {
    idleTimeoutMs: number;
    absoluteTimeoutMs: number;
    /** addresses and CIDR ranges; null allows any */
    allow: string[] | null;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Lido cannot start because of its settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || 'settings';
      const given = typeof issue.path[0] === 'string' ? source[issue.path[0]] : undefined;
      return `${name}: ${issue.message}${given !== undefined && given !== '' ? givenValue(name, given) : ''}`;
    });
    throw new ConfigError(problems);
  }
  const env = parsed.data;
  const siteOrigins =
    env.LIDO_BOOKINGS_URL && env.LIDO_MY_ACCOUNT_URL && env.LIDO_ONLINE_JOINING_URL
      ? {
          bookings: env.LIDO_BOOKINGS_URL,
          'my-account': env.LIDO_MY_ACCOUNT_URL,
          'online-joining': env.LIDO_ONLINE_JOINING_URL,
          ...(env.LIDO_FRONT_OF_HOUSE_URL ? { 'front-of-house': env.LIDO_FRONT_OF_HOUSE_URL } : {}),
        }
      : undefined;
  return {
    env: env.NODE_ENV,
    port: env.LIDO_PORT,
    bindAddress: env.LIDO_BIND_ADDRESS,
    dataDir: path.resolve(env.LIDO_DATA_DIR),
    fontsDir: path.resolve(env.LIDO_FONTS_DIR ?? path.join(env.LIDO_DATA_DIR, 'fonts')),
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LIDO_LOG_LEVEL,
    trustProxy: env.LIDO_TRUST_PROXY,
    webDist: path.resolve(env.LIDO_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    siteOrigins,
    devSitePort: env.LIDO_DEV_SITE_PORT,
    seedDemo: env.LIDO_SEED_DEMO ?? env.NODE_ENV !== 'production',
    apiDocs: env.LIDO_API_DOCS ?? env.NODE_ENV !== 'production',
    maintenanceMode: env.LIDO_MAINTENANCE_MODE,
    timeZone: env.LIDO_TIME_ZONE,
    frameAncestors: env.LIDO_FRAME_ANCESTORS.split(/\s+/).filter(Boolean),
    sentryDsn: env.LIDO_SENTRY_DSN,
    analytics: { gaMeasurementId: env.LIDO_ANALYTICS_GA_ID, gtmContainerId: env.LIDO_ANALYTICS_GTM_ID },
    map: { apiKey: env.LIDO_MAP_API_KEY, styleUrl: env.LIDO_MAP_STYLE_URL },
    kioskHomeUrl: env.LIDO_KIOSK_HOME_URL,
    languages: env.LIDO_LANGUAGES,
    openActiveDiscussionUrl: env.LIDO_OPENACTIVE_DISCUSSION_URL,
    directDebitBillingAddress:
      env.LIDO_DIRECT_DEBIT_BILLING_ADDRESS === undefined
        ? undefined
        : env.LIDO_DIRECT_DEBIT_BILLING_ADDRESS === 'required',
    kioskIdle: {
      warningMs: env.LIDO_KIOSK_IDLE_WARNING_SECONDS * 1000,
      resetMs: env.LIDO_KIOSK_IDLE_RESET_SECONDS * 1000,
      orderConfirmedMs: env.LIDO_KIOSK_CONFIRMATION_SECONDS * 1000,
    },
    email: { smtpUrl: env.LIDO_SMTP_URL, from: env.LIDO_EMAIL_FROM },
    jobIntervalMs: env.LIDO_JOB_INTERVAL_SECONDS * 1000,
    card: cardConfig(env),
    directDebit: directDebitConfig(env),
    auth: {
      cookieDomain: env.LIDO_COOKIE_DOMAIN,
      secureCookies:
        siteOrigins !== undefined &&
        Object.values(siteOrigins).every((origin) => origin.startsWith('https:')),
      allowBearer: env.LIDO_ALLOW_BEARER,
      idleTimeoutMs:
        env.LIDO_TEST_SESSION_IDLE_SECONDS !== undefined
          ? env.LIDO_TEST_SESSION_IDLE_SECONDS * 1000
          : env.LIDO_SESSION_IDLE_MINUTES * 60_000,
      absoluteTimeoutMs: env.LIDO_SESSION_ABSOLUTE_HOURS * 3_600_000,
      kioskTimeoutMs: env.LIDO_KIOSK_SESSION_MINUTES * 60_000,
    },
    staff: {
      idleTimeoutMs: env.LIDO_STAFF_IDLE_MINUTES * 60_000,
      absoluteTimeoutMs: env.LIDO_STAFF_SESSION_HOURS * 3_600_000,
      allow: env.LIDO_FRONT_OF_HOUSE_ALLOW,
    },
  };
}

function cardConfig(env: EnvSettings): Config['card'] {
  const reconcileAfterMs = env.LIDO_PAYMENT_RECONCILE_MINUTES * 60_000;
  if (env.LIDO_CARD_PROVIDER === 'opayo') {
    const apiBase = env.LIDO_OPAYO_API_BASE!.replace(/\/$/, '');
    return {
      provider: 'opayo',
      apiBase,
      vendorName: env.LIDO_OPAYO_VENDOR!,
      integrationKey: env.LIDO_OPAYO_INTEGRATION_KEY!,
      integrationPassword: env.LIDO_OPAYO_INTEGRATION_PASSWORD!,
      reporting:
        env.LIDO_OPAYO_REPORTING_URL && env.LIDO_OPAYO_REPORTING_USER && env.LIDO_OPAYO_REPORTING_PASSWORD
          ? {
              url: env.LIDO_OPAYO_REPORTING_URL,
              user: env.LIDO_OPAYO_REPORTING_USER,
              password: env.LIDO_OPAYO_REPORTING_PASSWORD,
            }
          : undefined,
      origins: [new URL(apiBase).origin],
      reconcileAfterMs,
    };
  }
  if (env.LIDO_CARD_PROVIDER === 'stripe') {
    const api = env.LIDO_STRIPE_API_URL ? new URL(env.LIDO_STRIPE_API_URL) : undefined;
    return {
      provider: 'stripe',
      secretKey: env.LIDO_STRIPE_SECRET_KEY!,
      publishableKey: env.LIDO_STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: env.LIDO_STRIPE_WEBHOOK_SECRET!,
      api: api ? { host: api.hostname, port: Number(api.port), protocol: 'http' } : undefined,
      // Stripe.js and its frames (card fields, 3-D Secure) come from these (Stripe's CSP guidance).
      origins: ['https://js.stripe.com', 'https://hooks.stripe.com'],
      connectOrigins: ['https://api.stripe.com'],
      reconcileAfterMs,
    };
  }
  // The sandbox takes no real money: in production it runs only when explicitly allowed (a demo).
  if (env.NODE_ENV === 'production' && !env.LIDO_ALLOW_SANDBOX_IN_PRODUCTION)
    return { provider: 'none', origins: [], reconcileAfterMs };
  // The sandbox is its own origin on purpose (the card frame's PCI boundary), next to the sites' ports.
  const sandboxOrigin = env.LIDO_SANDBOX_CARD_ORIGIN ?? `http://localhost:${env.LIDO_PORT + 3}`;
  return { provider: 'sandbox', sandboxOrigin, origins: [sandboxOrigin], reconcileAfterMs };
}

function directDebitConfig(env: EnvSettings): Config['directDebit'] {
  if (env.LIDO_DIRECT_DEBIT_PROVIDER === 'gocardless')
    return {
      provider: 'gocardless',
      apiUrl: env.LIDO_GOCARDLESS_API_URL ?? 'https://api.gocardless.com',
      accessToken: env.LIDO_GOCARDLESS_ACCESS_TOKEN!,
      webhookSecret: env.LIDO_GOCARDLESS_WEBHOOK_SECRET!,
    };
  // Like the card sandbox, it collects nothing real: in production only when explicitly allowed.
  if (
    env.LIDO_DIRECT_DEBIT_PROVIDER === 'none' ||
    (env.NODE_ENV === 'production' && !env.LIDO_ALLOW_SANDBOX_IN_PRODUCTION)
  )
    return { provider: 'none' };
  return { provider: 'sandbox', speed: env.LIDO_SANDBOX_DD_SPEED };
}
