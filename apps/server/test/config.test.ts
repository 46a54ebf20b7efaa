import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, secretSettings } from '../src/config.ts';
import { productionEnv } from './support/test-app.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

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
        'DATABASE_URL: must start with postgres:// or postgresql:// (and have no spaces) (got "mysql://…", the rest hidden)',
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
    expect(loadConfig(productionEnv).card.provider).toBe('none');
  });

  it('refuses a port whose three neighbours would not fit', () => {
    expect(() => loadConfig({ LIDO_PORT: '65534' })).toThrow(/LIDO_PORT: must be at most 65530/);
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

describe('a production start (NODE_ENV=production)', () => {
  it('starts with https site URLs and SMTP, without the demo', () => {
    const config = loadConfig(productionEnv);
    expect(config.siteOrigins?.['my-account']).toBe('https://myaccount.example.org');
    expect(config.seedDemo).toBe(false);
    expect(config.email.smtpUrl).toBe(productionEnv.LIDO_SMTP_URL);
  });

  it('seeds an empty database with the demo only when LIDO_SEED_DEMO=true', () => {
    expect(loadConfig({ ...productionEnv, LIDO_SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ LIDO_SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('requires the three site URLs, listing each', () => {
    const { LIDO_BOOKINGS_URL, LIDO_MY_ACCOUNT_URL, LIDO_ONLINE_JOINING_URL, ...rest } = productionEnv;
    void [LIDO_BOOKINGS_URL, LIDO_MY_ACCOUNT_URL, LIDO_ONLINE_JOINING_URL];
    const problems = problemsOf(rest);
    for (const name of ['LIDO_BOOKINGS_URL', 'LIDO_MY_ACCOUNT_URL', 'LIDO_ONLINE_JOINING_URL'])
      expect(problems).toContain(
        `${name}: is required when NODE_ENV is production (links in emails and pages use it, never a request's Host header)`,
      );
  });

  it('requires https site URLs unless LIDO_ALLOW_HTTP=true', () => {
    const plain = { ...productionEnv, LIDO_MY_ACCOUNT_URL: 'http://myaccount.example.org' };
    expect(problemsOf(plain)).toEqual([
      'LIDO_MY_ACCOUNT_URL: must be an https:// origin when NODE_ENV is production (or set LIDO_ALLOW_HTTP=true) (got "http://myaccount.example.org")',
    ]);
    expect(loadConfig({ ...plain, LIDO_ALLOW_HTTP: 'true' }).siteOrigins?.['my-account']).toBe(
      'http://myaccount.example.org',
    );
  });

  it('requires SMTP, or email kept in the outbox on purpose', () => {
    const { LIDO_SMTP_URL, ...rest } = productionEnv;
    void LIDO_SMTP_URL;
    expect(problemsOf(rest)).toEqual([
      'LIDO_SMTP_URL: is required when NODE_ENV is production (or set LIDO_EMAIL_OUTBOX=true to keep email in the outbox, unsent)',
    ]);
    expect(loadConfig({ ...rest, LIDO_EMAIL_OUTBOX: 'true' }).email.smtpUrl).toBeUndefined();
    expect(problemsOf({ ...productionEnv, LIDO_EMAIL_OUTBOX: 'true' })).toEqual([
      'LIDO_EMAIL_OUTBOX: cannot be true together with LIDO_SMTP_URL (choose one) (got "true")',
    ]);
  });

  it('wants the card sandbox’s public https origin when a demo runs it in production', () => {
    const demo = { ...productionEnv, LIDO_ALLOW_SANDBOX_IN_PRODUCTION: 'true' };
    expect(problemsOf(demo)).toEqual([
      'LIDO_SANDBOX_CARD_ORIGIN: is required when the card sandbox runs in production (the sandbox listens on loopback only, behind your proxy)',
    ]);
    expect(problemsOf({ ...demo, LIDO_SANDBOX_CARD_ORIGIN: 'http://pay.example.org' })).toEqual([
      'LIDO_SANDBOX_CARD_ORIGIN: must be an https:// origin when NODE_ENV is production (or set LIDO_ALLOW_HTTP=true) (got "http://pay.example.org")',
    ]);
    expect(loadConfig({ ...demo, LIDO_SANDBOX_CARD_ORIGIN: 'https://pay.example.org' }).card).toMatchObject({
      provider: 'sandbox',
      sandboxOrigin: 'https://pay.example.org',
    });
  });
});

describe('settings errors and secrets', () => {
  it('never print the password of an invalid SMTP or database URL', () => {
    const problems = problemsOf({
      LIDO_SMTP_URL: 'smtps://lido:Hunter2-smtp@mail example.org:465',
      DATABASE_URL: 'mysql://lido:Hunter2-db@db.example.org/lido',
    }).join('\n');
    expect(problems).toContain(
      'LIDO_SMTP_URL: must be an smtp:// or smtps:// URL (got "smtps://…", the rest hidden)',
    );
    expect(problems).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
    expect(problems).not.toContain('Hunter2');
  });

  it('never print any secret setting’s value, whatever is wrong with it', () => {
    for (const name of secretSettings) {
      const problems = problemsOf({ [name]: 'sk_live_Hunter2 pasted twice' });
      expect(problems.join('\n')).toContain(`${name}:`);
      expect(problems.join('\n')).not.toContain('Hunter2');
    }
  });

  it('do print the value of a setting that is not secret', () => {
    expect(problemsOf({ LIDO_BOOKINGS_URL: 'ftp://x' }).join('\n')).toContain('(got "ftp://x")');
  });
});
