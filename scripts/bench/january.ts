/**
 * `npm run bench:january`: the January joining rush, measured (issue 20 item 3).
 *
 * On a fresh PostgreSQL database (made and dropped here) the real server runs in its own process,
 * with its built-in card and Direct Debit sandboxes. 1,000 simulated joiners, 50 at once, each
 * from an address of their own, go through the joining site's calls in order: register, choose
 * (the centre's memberships), costs, store (a monthly membership with bank details), terms,
 * prepare, the card identifier (what the card frame does in the browser, against the sandbox),
 * authorise and complete. It reports each step's p50/p95/p99, errors, joins per minute, the
 * server's memory before and after, and counts in the database that every joiner has exactly one
 * order, one membership and one payment taken. Not a test: a measurement.
 *
 * Settings (environment): DATABASE_URL (a PostgreSQL the script may create databases on; default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_JOINERS (1000), BENCH_CONCURRENCY (50),
 * BENCH_SECONDS (900).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { addressOf, adminUrl, argon2Options, wholeNumber } from './bench-settings.ts';
import { type Answer, createClient, pool, Recorder } from './http-load.ts';
import { januaryRepository } from './january.repository.ts';
import { createBenchDatabase, dropBenchDatabase, ping, withDatabase } from './rush.repository.ts';
import { freePortBase, residentMegabytes, startServer, stopServer } from './server-process.ts';

const settings = {
  adminUrl,
  joiners: wholeNumber('BENCH_JOINERS', 1000),
  concurrency: wholeNumber('BENCH_CONCURRENCY', 50),
  seconds: wholeNumber('BENCH_SECONDS', 900),
};
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const venueSlug = 'castlefield-leisure-centre';
const steps = [
  'register',
  'choose',
  'costs',
  'store',
  'terms',
  'prepare',
  'card identifier',
  'authorise',
  'complete',
] as const;
type Step = (typeof steps)[number];

/** What the checkout page sends with a card authorisation (as the server tests do). */
const billing = {
  billing_first_name: 'Jan',
  billing_last_name: 'Uary',
  billing_address_line_one: '88 Deansgate',
  billing_city: 'Manchester',
  billing_postcode: 'M3 2BW',
  browser_colour_depth: 24,
  browser_java_enabled: false,
  browser_javascript_enabled: true,
  browser_language: 'en-GB',
  browser_screen_height: 900,
  browser_screen_width: 1440,
  browser_timezone_offset: 0,
};

const cookieFrom = (answer: Answer) =>
  (answer.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');

const message = (answer: Answer) => {
  try {
    return String((JSON.parse(answer.body) as { message?: unknown }).message ?? '');
  } catch {
    return answer.body.slice(0, 80);
  }
};

const dataOf = <T>(answer: Answer) => (JSON.parse(answer.body) as { data: T }).data;

class StepFailed extends Error {}

/** Tomorrow's date in London, the day the memberships start. */
function tomorrow(): string {
  const date = new Date(Date.now() + 24 * 3600_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(date);
}

async function main(): Promise<void> {
  try {
    await ping(settings.adminUrl);
  } catch (error) {
    console.log(
      `PostgreSQL is not reachable at ${new URL(settings.adminUrl).host} (${(error as Error).message}): skipping the January benchmark.`,
    );
    return;
  }
  const name = `lido_bench_${randomBytes(4).toString('hex')}`;
  await createBenchDatabase(settings.adminUrl, name);
  const databaseUrl = withDatabase(settings.adminUrl, name);
  const port = await freePortBase();
  // The joining site's own port, as a browser on it would call.
  const sitePort = port + 2;
  const origin = `http://localhost:${sitePort}`;
  const repository = januaryRepository(databaseUrl);
  const client = createClient(sitePort, settings.concurrency, 30_000);
  const card = createClient(port + 3, settings.concurrency, 30_000);
  // The server's data directory (the sandboxes' state files), removed with the database at the end.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-bench-january-'));
  const gcStateFile = path.join(dataDir, 'sandbox-gocardless.json');
  let server;
  try {
    console.log(`Database ${name}; starting the server on 127.0.0.1:${port}…`);
    server = await startServer(repoRoot, databaseUrl, port, dataDir);
    const recorder = new Recorder();
    const call = async (
      step: Step,
      address: string,
      cookie: string,
      request: Parameters<typeof client.request>[0],
    ) => {
      const answer = await recorder
        .time(step, () =>
          client.request({
            ...request,
            headers: { origin, 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
          }),
        )
        .catch((error: Error) => ({ status: 0, body: error.message, headers: {} }) as Answer);
      if (answer.status < 200 || answer.status > 299) {
        recorder.count(`error: ${step} ${answer.status} ${message(answer)}`);
        throw new StepFailed();
      }
      return answer;
    };

    // What every joiner's page already knows: the centre and its monthly Gym Anytime.
    const venue = dataOf<{ id: number }>(
      await client.request({
        method: 'GET',
        path: `/api/activities/venues/${venueSlug}`,
        headers: { origin },
      }),
    );
    const startDate = tomorrow();
    const prefix = `january.${randomBytes(3).toString('hex')}.`;
    const residentBefore = residentMegabytes(server);
    // What one password hash costs on this machine now: registering pays it once.
    const hashStarted = performance.now();
    await hash('New-year-2027!', argon2Options);
    const hashMs = performance.now() - hashStarted;

    const join = async (index: number) => {
      const address = addressOf(index + 1);
      const registered = await call('register', address, '', {
        method: 'POST',
        path: '/api/auth/customer/register?onboarding_type=customer_account_online',
        body: {
          first_name: 'Jan',
          last_name: `Joiner ${index}`,
          date_of_birth: '1990-01-15',
          email: `${prefix}${index}@example.org`,
          address_line_one: '88 Deansgate',
          town: 'Manchester',
          postcode: 'M3 2BW',
          password: 'New-year-2027!',
          password_confirmation: 'New-year-2027!',
          home_venue_id: venue.id,
          source: 'online-joining',
        },
      });
      const cookie = cookieFrom(registered);
      const types = dataOf<
        { id: number; slug: string; paymentOptions: { id: number; paymentType: string }[] }[]
      >(
        await call('choose', address, cookie, {
          method: 'GET',
          path: `/api/memberships/types?venue_id=${venue.id}`,
        }),
      );
      const gym = types.find((type) => type.slug === 'gym-anytime');
      const monthly = gym?.paymentOptions.find((option) => option.paymentType === 'recurring');
      if (!gym || !monthly) {
        recorder.count('error: choose: no monthly Gym Anytime');
        throw new StepFailed();
      }
      await call('costs', address, cookie, {
        method: 'GET',
        path: `/api/memberships/types/${gym.id}/payment-options/${monthly.id}?start_date=${startDate}&billing_day=1&venue_id=${venue.id}`,
      });
      const stored = dataOf<{ cartId: number }>(
        await call('store', address, cookie, {
          method: 'POST',
          path: '/api/memberships/online-joining/store',
          body: {
            home_venue_id: venue.id,
            membership_type_id: gym.id,
            payment_option_id: monthly.id,
            start_date: startDate,
            billing_day: 1,
            account_holder: `Jan Joiner ${index}`,
            account_details: { sort_code: '200000', account_number: '55779911' },
            dd_terms_accepted: true,
            billing_address: { line_one: '88 Deansgate', city: 'Manchester', postcode: 'M3 2BW' },
          },
        }),
      );
      const terms = dataOf<{ data: { id: number }[] }>(
        await call('terms', address, cookie, { method: 'GET', path: `/api/terms?cart_id=${stored.cartId}` }),
      ).data;
      const prepared = dataOf<{ sessionKey: string; paymentProviderConfiguration: { url: string } }>(
        await call('prepare', address, cookie, { method: 'GET', path: '/api/checkout/prepare' }),
      );
      // The card frame talks to the provider (here the sandbox) from the browser, not through Lido.
      const cardApi = new URL(prepared.paymentProviderConfiguration.url).pathname.replace(/\/js\/[^/]+$/, '');
      const identified = await recorder
        .time('card identifier', () =>
          card.request({
            method: 'POST',
            path: `${cardApi}/card-identifiers`,
            headers: { origin, authorization: `Bearer ${prepared.sessionKey}` },
            body: {
              cardDetails: {
                cardholderName: 'JAN JOINER',
                cardNumber: '4929000000006',
                expiryDate: '1230',
                securityCode: '123',
              },
            },
          }),
        )
        .catch((error: Error) => ({ status: 0, body: error.message, headers: {} }) as Answer);
      if (identified.status !== 201 && identified.status !== 200) {
        recorder.count(`error: card identifier ${identified.status} ${identified.body.slice(0, 80)}`);
        throw new StepFailed();
      }
      const { cardIdentifier } = JSON.parse(identified.body) as { cardIdentifier: string };
      const authorised = dataOf<{ transactionUuid: string; transactionStatus: string }>(
        await call('authorise', address, cookie, {
          method: 'POST',
          path: '/api/checkout/authorise',
          body: {
            ...billing,
            session_key: prepared.sessionKey,
            card_identifier: cardIdentifier,
            terms: terms.map((term) => term.id),
          },
        }),
      );
      if (authorised.transactionStatus !== 'authorised') {
        recorder.count(`error: authorise answered ${authorised.transactionStatus}`);
        throw new StepFailed();
      }
      await call('complete', address, cookie, {
        method: 'POST',
        path: '/api/checkout/complete',
        body: { transaction_uuid: authorised.transactionUuid, terms: terms.map((term) => term.id) },
      });
      recorder.count('joined');
    };

    let residentPeak = residentBefore;
    const sampler = setInterval(() => {
      residentPeak = Math.max(residentPeak, residentMegabytes(server!));
    }, 1000);
    const started = performance.now();
    const indexes = Array.from({ length: settings.joiners }, (_, index) => index);
    await pool(indexes, settings.concurrency, Date.now() + settings.seconds * 1000, async (index) => {
      await join(index).catch((error: unknown) => {
        if (!(error instanceof StepFailed)) recorder.count(`error: ${(error as Error).message}`);
      });
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const residentAfter = residentMegabytes(server);
    const counted = await repository.count(prefix);

    const joined = recorder.outcomes.get('joined') ?? 0;
    const errors = [...recorder.outcomes]
      .filter(([outcome]) => outcome.startsWith('error'))
      .reduce((sum, [, n]) => sum + n, 0);
    const duplicates =
      counted.customers_with_two_orders +
      counted.customers_with_two_memberships +
      counted.customers_charged_twice;
    const ms = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)}`);
    console.log('\nOutcomes:', Object.fromEntries(recorder.outcomes));
    console.log(
      `\n| January rush (PostgreSQL, ${settings.concurrency} at once), step | calls | p50 ms | p95 ms | p99 ms |`,
    );
    console.log('| --- | --- | --- | --- | --- |');
    for (const step of steps) {
      const figures = recorder.percentiles(step);
      console.log(
        `| ${step} | ${recorder.requests(step)} | ${ms(figures?.p50)} | ${ms(figures?.p95)} | ${ms(figures?.p99)} |`,
      );
    }
    console.log(`\n| January rush | Figure |`);
    console.log('| --- | --- |');
    console.log(
      `| Joiners completed | ${joined} of ${settings.joiners} in ${seconds.toFixed(1)} s = ${((joined / seconds) * 60).toFixed(0)} joins per minute |`,
    );
    console.log(`| Errors (non-2xx, timeouts, refused payments) | ${errors} |`);
    console.log(
      `| One argon2id hash (the server's parameters, in this process) | ${Math.round(hashMs)} ms |`,
    );
    console.log(
      `| Orders / memberships in the database | ${counted.orders} / ${counted.memberships} for ${counted.joiners} joiners |`,
    );
    console.log(`| Duplicate orders, memberships or payments | ${duplicates} |`);
    console.log(
      `| Server resident memory before / peak / after | ${residentBefore} / ${residentPeak} / ${residentAfter} MB |`,
    );
    // A joiner whose complete timed out here may still have been completed by the server: never twice.
    const exact = counted.orders >= joined && counted.memberships === counted.orders && duplicates === 0;
    console.log(
      exact
        ? '\nEvery joiner who completed has one order, one membership, one payment.'
        : '\nNOT exact: see the figures above.',
    );
    process.exitCode = exact && errors === 0 ? 0 : 1;
  } finally {
    client.close();
    card.close();
    await repository.close();
    if (server) await stopServer(server);
    // What the Direct Debit sandbox keeps across restarts, written whole as the server stopped.
    if (fs.existsSync(gcStateFile))
      console.log(
        `Direct Debit sandbox state file at shutdown: ${(fs.statSync(gcStateFile).size / 1e6).toFixed(1)} MB`,
      );
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropBenchDatabase(settings.adminUrl, name);
  }
}

await main();
