/**
 * `npm run bench:booking-rush`: the bookings-opening rush, measured (issue 17 item 10).
 *
 * On a fresh PostgreSQL database (made and dropped here) the real server runs in its own process;
 * 300 places are released (30 sessions of 10), 2,000 customers are signed up and logged in (before
 * the clock starts: argon2 is slow by design, and its figure is reported on its own), then all of
 * them, at least 200 at once, read the timetable and try to put a place in their basket. The run
 * is bounded in requests and time, talks to 127.0.0.1 only, and ends by counting in the database
 * that exactly the places released were taken and none twice. Not a test: a measurement.
 *
 * Settings (environment): DATABASE_URL (a PostgreSQL the script may create databases on; default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_CUSTOMERS (2000), BENCH_SESSIONS (30),
 * BENCH_CAPACITY (10), BENCH_CONCURRENCY (200), BENCH_SECONDS (120).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { addressOf, adminUrl, argon2Options, wholeNumber } from './bench-settings.ts';
import {
  type Client,
  type Answer,
  cookieFrom,
  createClient,
  messageOf,
  pool,
  Recorder,
} from './http-load.ts';
import {
  benchRepository,
  createBenchDatabase,
  dropBenchDatabase,
  ping,
  type Released,
  withDatabase,
} from './rush.repository.ts';
import { freePortBase, startServer, stopServer } from './server-process.ts';

const settings = {
  adminUrl,
  customers: wholeNumber('BENCH_CUSTOMERS', 2000),
  sessions: wholeNumber('BENCH_SESSIONS', 30),
  capacity: wholeNumber('BENCH_CAPACITY', 10),
  concurrency: wholeNumber('BENCH_CONCURRENCY', 200),
  seconds: wholeNumber('BENCH_SECONDS', 120),
};
const password = 'Rush-hour-2026!';
/** Tries per customer: a place can go between reading the timetable and adding it. */
const triesPerCustomer = 3;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Customer {
  reference: string;
  address: string;
  cookie?: string;
}

async function logIn(
  client: Client,
  recorder: Recorder,
  customers: Customer[],
  origin: string,
  deadline: number,
) {
  const started = performance.now();
  await pool(customers, 50, deadline, async (customer) => {
    const answer = await recorder
      .time('login', () =>
        client.request({
          method: 'POST',
          path: '/api/auth/customer/login',
          headers: { origin, 'x-forwarded-for': customer.address },
          body: { username: customer.reference, password },
        }),
      )
      .catch((error: Error) => ({ status: 0, body: error.message, headers: {} }) as Answer);
    customer.cookie = answer.status === 200 ? cookieFrom(answer) : undefined;
    if (!customer.cookie) recorder.count(`login failed: ${answer.status} ${messageOf(answer)}`);
  });
  return (performance.now() - started) / 1000;
}

/** What a customer does when bookings open: read the timetable, pick a place with room, add it. */
async function rush(
  client: Client,
  recorder: Recorder,
  customer: Customer,
  released: Released,
  origin: string,
) {
  const headers = { cookie: customer.cookie!, origin, 'x-forwarded-for': customer.address };
  const timetablePath = `/api/activities/venues/${released.venueSlug}/timetable?from=${released.date}&days=1`;
  for (let attempt = 0; attempt < triesPerCustomer; attempt += 1) {
    const read = await recorder
      .time('timetable', () => client.request({ method: 'GET', path: timetablePath, headers }))
      .catch((error: Error) => ({ status: 0, body: error.message, headers: {} }) as Answer);
    let choices = released.sessionIds.map((id) => ({ id, priceId: released.priceId }));
    if (read.status === 200) {
      recorder.count('timetable 200');
      const timetable = JSON.parse(read.body) as {
        data: {
          days: {
            sessions: {
              id: number;
              activity: { id: number };
              availability: { bookable: boolean; spacesLeft: number };
              pricingOptionId: number | null;
            }[];
          }[];
        };
      };
      choices = timetable.data.days
        .flatMap((day) => day.sessions)
        .filter(
          (s) =>
            s.activity.id === released.activityId && s.availability.bookable && s.availability.spacesLeft > 0,
        )
        .map((s) => ({ id: s.id, priceId: s.pricingOptionId ?? released.priceId }));
      if (choices.length === 0) return recorder.count('sold out before adding');
    } else recorder.count(`error: timetable ${read.status} ${messageOf(read)}`);

    const choice = choices[Math.floor(Math.random() * choices.length)]!;
    const added = await recorder
      .time('add to basket', () =>
        client.request({
          method: 'POST',
          path: '/api/cart/add',
          headers,
          body: {
            items: [
              { id: choice.id, type: 'booking', pricing_option_id: choice.priceId, options: { quantity: 1 } },
            ],
          },
        }),
      )
      .catch((error: Error) => ({ status: 0, body: error.message, headers: {} }) as Answer);
    if (added.status === 200 || added.status === 201) return recorder.count('place held');
    // Someone else got there first: the expected refusal, so the customer looks again.
    if ((added.status === 409 || added.status === 422) && /full|no places|sold out/i.test(messageOf(added))) {
      recorder.count('refused: full');
      continue;
    }
    return recorder.count(`error: add ${added.status} ${messageOf(added)}`);
  }
  recorder.count('gave up after 3 tries');
}

const ms = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)} ms`);

async function main(): Promise<void> {
  try {
    await ping(settings.adminUrl);
  } catch (error) {
    console.log(
      `PostgreSQL is not reachable at ${new URL(settings.adminUrl).host} (${(error as Error).message}): skipping the booking-rush benchmark.`,
    );
    return;
  }
  const name = `lido_bench_${randomBytes(4).toString('hex')}`;
  await createBenchDatabase(settings.adminUrl, name);
  const databaseUrl = withDatabase(settings.adminUrl, name);
  const port = await freePortBase();
  const origin = `http://localhost:${port}`;
  let server;
  let client: Client | undefined;
  const repository = benchRepository(databaseUrl);
  try {
    console.log(`Database ${name}; starting the server on 127.0.0.1:${port}…`);
    server = await startServer(repoRoot, databaseUrl, port);
    const released = await repository.releasePlaces(settings.sessions, settings.capacity);
    const places = settings.sessions * settings.capacity;
    console.log(
      `Released ${places} places (${settings.sessions} sessions of ${settings.capacity}) at ${released.venueSlug} on ${released.date}.`,
    );

    const hashStarted = performance.now();
    const passwordHash = await hash(password, argon2Options);
    const hashMs = performance.now() - hashStarted;
    const references = await repository.signUpCustomers(settings.customers, passwordHash);
    const customers: Customer[] = references.map((reference, index) => ({
      reference,
      address: addressOf(index + 1),
    }));

    client = createClient(port, settings.concurrency, 30_000);
    const logins = new Recorder();
    const loginSeconds = await logIn(client, logins, customers, origin, Date.now() + 15 * 60_000);
    const loggedIn = customers.filter((customer) => customer.cookie);
    console.log(`Logged in ${loggedIn.length} of ${customers.length} in ${loginSeconds.toFixed(1)} s.`);

    const recorder = new Recorder();
    const started = performance.now();
    await pool(loggedIn, settings.concurrency, Date.now() + settings.seconds * 1000, (customer) =>
      rush(client!, recorder, customer, released, origin),
    );
    const seconds = (performance.now() - started) / 1000;
    const counted = await repository.count(released);

    const timetable = recorder.percentiles('timetable');
    const add = recorder.percentiles('add to basket');
    const login = logins.percentiles('login');
    const errors = [...recorder.outcomes]
      .filter(([outcome]) => outcome.startsWith('error'))
      .reduce((sum, [, n]) => sum + n, 0);
    const oversold = counted.over_capacity + counted.mismatched_sessions + counted.customers_twice;
    console.log('\nOutcomes:', Object.fromEntries([...recorder.outcomes, ...logins.outcomes]));
    console.log(`\n| Booking rush (PostgreSQL, ${settings.concurrency} at once) | Figure |`);
    console.log('| --- | --- |');
    console.log(`| Customers (logged in) / places released | ${loggedIn.length} / ${places} |`);
    console.log(
      `| Log-ins before the rush (argon2id, 50 at once) | ${loggedIn.length} in ${loginSeconds.toFixed(1)} s; p50 ${ms(login?.p50)}, p95 ${ms(login?.p95)}; one hash ${ms(hashMs)} |`,
    );
    console.log(
      `| Requests in the rush | ${recorder.requests()} in ${seconds.toFixed(1)} s = ${(recorder.requests() / seconds).toFixed(0)} requests/s |`,
    );
    console.log(
      `| Timetable read p50 / p95 / p99 | ${ms(timetable?.p50)} / ${ms(timetable?.p95)} / ${ms(timetable?.p99)} (${recorder.requests('timetable')} reads) |`,
    );
    console.log(
      `| Add to basket p50 / p95 / p99 | ${ms(add?.p50)} / ${ms(add?.p95)} / ${ms(add?.p99)} (${recorder.requests('add to basket')} adds) |`,
    );
    console.log(`| Errors (5xx, unexpected 4xx, timeouts) | ${errors} |`);
    console.log(
      `| Places taken (database) | ${counted.taken} of ${counted.capacity}; ${counted.lines} basket lines holding ${counted.places_in_lines} |`,
    );
    console.log(`| Oversold or taken twice | ${oversold} |`);
    const exact = counted.taken === places && counted.places_in_lines === places && oversold === 0;
    console.log(
      exact ? '\nExactly the places released were taken, none twice.' : '\nNOT exact: see the figures above.',
    );
    process.exitCode = exact && errors === 0 ? 0 : 1;
  } finally {
    client?.close();
    await repository.close();
    if (server) await stopServer(server);
    await dropBenchDatabase(settings.adminUrl, name);
  }
}

await main();
