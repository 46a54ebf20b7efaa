import type { z } from 'zod';
import type { envSchema } from './config.ts';

/** Every setting `config.ts` reads. */
type SettingName = keyof z.input<typeof envSchema>;

/**
 * One line per setting, for `.env.example` (`npm run env:example` writes it; a test fails when a
 * setting has no line here or the file was not regenerated). The README's settings table says more.
 */
export const settingDescriptions: Record<SettingName, string> = {
  NODE_ENV: 'development, production or test; production requires the site URLs and a way to send email',
  LIDO_PORT:
    'the bookings site; my-account is +1, online-joining +2, the card sandbox +3, the Direct Debit sandbox +4',
  LIDO_BIND_ADDRESS: 'the address to listen on (0.0.0.0 for every interface)',
  LIDO_DATA_DIR: 'the embedded database (pglite/) and, by default, operator files (fonts/)',
  DATABASE_URL: 'a PostgreSQL database (postgres://…) instead of the embedded one (a secret)',
  LIDO_LOG_LEVEL: 'fatal, error, warn, info, debug, trace or silent',
  LIDO_WEB_DIST: 'the built web app to serve (default apps/web/dist)',
  LIDO_BOOKINGS_URL: "the bookings site's public origin (the three site URLs are set together or not at all)",
  LIDO_MY_ACCOUNT_URL: "the my-account site's public origin, such as https://account.example.org",
  LIDO_ONLINE_JOINING_URL: "the online-joining site's public origin, such as https://join.example.org",
  LIDO_FRONT_OF_HOUSE_URL:
    "the staff (front-of-house) site's public origin, such as https://desk.example.org; unset, no staff site is served where site URLs are configured",
  LIDO_MAINTENANCE_MODE: 'every site shows "Service disruption"',
  LIDO_TIME_ZONE: 'the operator\'s IANA time zone, for "today"',
  LIDO_FRAME_ANCESTORS: 'space-separated origins allowed to embed the sites in a frame',
  LIDO_SENTRY_DSN: 'an https Sentry DSN: starts browser error reporting',
  LIDO_ANALYTICS_GA_ID: 'a Google Analytics measurement id (never loaded on pages with card fields)',
  LIDO_ANALYTICS_GTM_ID: 'a Google Tag Manager container id (never loaded on pages with card fields)',
  LIDO_MAP_API_KEY: 'a Mapbox key, instead of the offline map',
  LIDO_MAP_STYLE_URL: 'a Mapbox style URL, with LIDO_MAP_API_KEY',
  LIDO_LANGUAGES:
    'the languages the customer sites offer, comma-separated: en, or en,cy for English and Welsh (default: en)',
  LIDO_KIOSK_HOME_URL: 'where "Back to Kiosk Home" goes (default: the joining site\'s /kiosk/)',
  LIDO_OPENACTIVE_DISCUSSION_URL:
    "where users of the OpenActive open data discuss it, such as a GitHub issues page (default: /openactive's questions section, with the customer service email)",
  LIDO_COOKIE_DOMAIN: "the sites' shared parent domain for the session cookie, such as example.org",
  LIDO_ALLOW_BEARER: 'development only: also accept Authorization: Bearer',
  LIDO_SMTP_URL: 'send email through this SMTP server (smtp:// or smtps://user:pass@host:port; a secret)',
  LIDO_EMAIL_OUTBOX: 'keep email unsent in the outbox on purpose (production without LIDO_SMTP_URL)',
  LIDO_SEED_DEMO: 'load the demo operator into an empty database (unset: yes, except in production)',
  LIDO_ALLOW_HTTP: 'production only: accept http:// site URLs (a private trial without TLS)',
  LIDO_EMAIL_FROM: 'the sender of every email',
  LIDO_SESSION_IDLE_MINUTES: 'a session ends after this long without a request',
  LIDO_SESSION_ABSOLUTE_HOURS: 'a session ends this long after login, however busy',
  LIDO_KIOSK_SESSION_MINUTES: "a kiosk login's whole life (it also ends after 2 idle minutes)",
  LIDO_STAFF_IDLE_MINUTES:
    'a staff session ends after this long without a request (a desk computer left alone)',
  LIDO_STAFF_SESSION_HOURS: 'a staff session ends this long after login (a shift)',
  LIDO_FRONT_OF_HOUSE_ALLOW:
    "addresses or CIDR ranges that may use the staff calls, such as the centres' networks (unset: any)",
  LIDO_DIRECT_DEBIT_BILLING_ADDRESS: "required or not-required (unset: the operator's setting)",
  LIDO_KIOSK_IDLE_WARNING_SECONDS: 'kiosk idle: when the start-over question shows',
  LIDO_KIOSK_IDLE_RESET_SECONDS:
    'kiosk idle: when the kiosk resets to its home (at least 25; the warning opens 20 s before it if set later)',
  LIDO_TEST_SESSION_IDLE_SECONDS: 'end-to-end tests only (NODE_ENV=test): the session idle limit in seconds',
  LIDO_KIOSK_CONFIRMATION_SECONDS:
    'kiosk idle on a confirmation page before asking "Do you need more time?" (20 s to answer, then home)',
  LIDO_CARD_PROVIDER: 'sandbox (built in; off in production unless allowed), opayo or stripe',
  LIDO_SANDBOX_CARD_ORIGIN: "the card sandbox's public origin (default http://localhost:<LIDO_PORT+3>)",
  LIDO_ALLOW_SANDBOX_IN_PRODUCTION:
    'a demo: run the card and Direct Debit sandboxes in production (on one instance: a second on the same database refuses to start)',
  LIDO_OPAYO_API_BASE: "Opayo Pi's API base URL (https), with LIDO_CARD_PROVIDER=opayo",
  LIDO_OPAYO_VENDOR: 'the Opayo vendor name',
  LIDO_OPAYO_INTEGRATION_KEY: 'the Opayo integration key (a secret)',
  LIDO_OPAYO_INTEGRATION_PASSWORD: 'the Opayo integration password (a secret)',
  LIDO_OPAYO_REPORTING_URL: "Opayo's Reporting & Admin API (https), to find a payment whose answer was lost",
  LIDO_OPAYO_REPORTING_USER: 'a My Opayo user with reporting rights',
  LIDO_OPAYO_REPORTING_PASSWORD: "that reporting user's password (a secret)",
  LIDO_STRIPE_SECRET_KEY: "Stripe's secret key, with LIDO_CARD_PROVIDER=stripe (a secret)",
  LIDO_STRIPE_PUBLISHABLE_KEY: "Stripe's publishable key",
  LIDO_STRIPE_WEBHOOK_SECRET: "Stripe's webhook signing secret (a secret)",
  LIDO_STRIPE_API_URL: 'a Stripe-shaped API on loopback, for local testing only',
  LIDO_DIRECT_DEBIT_PROVIDER: 'sandbox (built in; off in production unless allowed), gocardless or none',
  LIDO_GOCARDLESS_ACCESS_TOKEN: "GoCardless's access token, with gocardless (a secret)",
  LIDO_GOCARDLESS_WEBHOOK_SECRET: "GoCardless's webhook endpoint secret (a secret)",
  LIDO_GOCARDLESS_API_URL:
    "GoCardless's API (default the live one; https://api-sandbox.gocardless.com for theirs)",
  LIDO_SANDBOX_DD_SPEED:
    "the Direct Debit sandbox's Bacs clock: realtime, fast (a working day a second) or manual",
  LIDO_JOB_INTERVAL_SECONDS: 'how often each instance runs the background jobs',
  LIDO_FONTS_DIR: 'licensed operator font files (default LIDO_DATA_DIR/fonts); shared by every instance',
  LIDO_TRUST_PROXY:
    'the proxies whose X-Forwarded-For names the client: a hop count or addresses/CIDR ranges',
  LIDO_DEV_SITE_PORT:
    'development only: the first of the three ports `npm run dev` serves the sites on through Vite (default 5173 there)',
  LIDO_PAYMENT_RECONCILE_MINUTES: 'a card payment left unfinished this long is finished or given back',
  LIDO_API_DOCS:
    'serve the API docs page (/api/docs) in production too; outside production it is always served',
};
