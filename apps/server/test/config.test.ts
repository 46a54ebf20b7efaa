import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('settings', () => {
  it('starts with the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.timeZone).toBe('Europe/London');
    expect(config.siteOrigins).toBeUndefined();
    expect(config.maintenanceMode).toBe(false);
  });

  it('lists every bad setting at once, naming each and what was given', () => {
    let error: unknown;
    try {
      loadConfig({
        LIDO_PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        LIDO_TIME_ZONE: 'Mars/Olympus',
        LIDO_MAINTENANCE_MODE: 'perhaps',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        'LIDO_PORT: must be a whole number (got "eighty")',
        'DATABASE_URL: must start with postgres:// or postgresql:// (got "mysql://nope")',
        'LIDO_TIME_ZONE: must be an IANA time zone such as Europe/London (got "Mars/Olympus")',
        'LIDO_MAINTENANCE_MODE: must be one of true, false, 1, 0, yes or no (got "perhaps")',
      ]),
    );
    expect((error as ConfigError).message).toContain('Lido cannot start because of its settings:');
  });

  it('names an unsupported card provider, and wants Opayo’s or Stripe’s credentials when chosen', () => {
    expect(() => loadConfig({ LIDO_CARD_PROVIDER: 'paypal' })).toThrow(
      /Payment provider 'paypal' is not supported/,
    );
    expect(() => loadConfig({ LIDO_CARD_PROVIDER: 'opayo' })).toThrow(
      /LIDO_OPAYO_API_BASE: is required when LIDO_CARD_PROVIDER is opayo/,
    );
    expect(loadConfig({}).card).toMatchObject({
      provider: 'sandbox',
      sandboxOrigin: 'http://localhost:3003',
    });
    expect(() => loadConfig({ LIDO_CARD_PROVIDER: 'stripe' })).toThrow(
      /LIDO_STRIPE_WEBHOOK_SECRET: is required when LIDO_CARD_PROVIDER is stripe/,
    );
    const stripe = {
      LIDO_CARD_PROVIDER: 'stripe',
      LIDO_STRIPE_SECRET_KEY: 'sk_test_x',
      LIDO_STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      LIDO_STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(loadConfig(stripe).card).toMatchObject({ provider: 'stripe', api: undefined });
    expect(() => loadConfig({ ...stripe, LIDO_STRIPE_API_URL: 'http://stripe.example.org' })).toThrow(
      /LIDO_STRIPE_API_URL: must be a loopback URL/,
    );
    expect(loadConfig({ ...stripe, LIDO_STRIPE_API_URL: 'http://127.0.0.1:12111' }).card).toMatchObject({
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    // The sandbox never takes payments in production unless a demo asks for it.
    expect(loadConfig({ NODE_ENV: 'production' }).card.provider).toBe('none');
  });

  it('refuses a port whose three neighbours would not fit', () => {
    expect(() => loadConfig({ LIDO_PORT: '65534' })).toThrow(/LIDO_PORT: must be at most 65532/);
  });

  it('wants the three site URLs together or not at all', () => {
    expect(() => loadConfig({ LIDO_BOOKINGS_URL: 'https://bookings.example.org' })).toThrow(
      /must be set together/,
    );
    const config = loadConfig({
      LIDO_BOOKINGS_URL: 'https://bookings.example.org',
      LIDO_MY_ACCOUNT_URL: 'https://myaccount.example.org',
      LIDO_ONLINE_JOINING_URL: 'https://join.example.org',
    });
    expect(config.siteOrigins?.['online-joining']).toBe('https://join.example.org');
  });

  it('wants the kiosk warning before the kiosk reset', () => {
    expect(() =>
      loadConfig({ LIDO_KIOSK_IDLE_WARNING_SECONDS: '95', LIDO_KIOSK_IDLE_RESET_SECONDS: '90' }),
    ).toThrow(/LIDO_KIOSK_IDLE_RESET_SECONDS: must be longer than LIDO_KIOSK_IDLE_WARNING_SECONDS/);
    expect(loadConfig({}).kioskIdle).toEqual({
      warningMs: 90_000,
      resetMs: 95_000,
      orderConfirmedMs: 10_000,
    });
  });

  it('refuses a site URL with a path', () => {
    expect(() =>
      loadConfig({
        LIDO_BOOKINGS_URL: 'https://bookings.example.org/x',
        LIDO_MY_ACCOUNT_URL: 'https://myaccount.example.org',
        LIDO_ONLINE_JOINING_URL: 'https://join.example.org',
      }),
    ).toThrow(/LIDO_BOOKINGS_URL: must be an origin/);
  });
});
