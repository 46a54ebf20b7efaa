/**
 * `npm run bench:opening`: the minute bookings open, with the fair waiting room (issue 39 item 4).
 *
 * On a fresh PostgreSQL database (made and dropped here) two real server processes run behind a
 * small round-robin balancer, as a deployment would. 300 places are released (20 sessions of 15)
 * under an announced opening; 5,000 customers are signed up and logged in before the clock starts,
 * then arrive over 90 s around the opening (two thirds before it). Each joins the waiting room,
 * asks for their place as often as the server suggests, and once let in reads the timetable and
 * adds a place (looking again if it went meanwhile). Reported: time to be let in, the add's and
 * the timetable's times, errors, places taken (counted in the database: exactly 300, none twice),
 * customers told the classes are full, and fairness: the correlation, among those who arrived
 * before the opening, between arriving early and being let in early (near 0 is fair). Talks to
 * 127.0.0.1 only; bounded in customers and time. Not a test: a measurement.
 *
 * Settings (environment): DATABASE_URL (a PostgreSQL the script may create databases on),
 * BENCH_CUSTOMERS (5000), BENCH_SESSIONS (20), BENCH_CAPACITY (15), BENCH_ARRIVAL_SECONDS (90),
 * BENCH_SECONDS (300, the longest the run may take after the first arrival).
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { addressOf, adminUrl, argon2Options, wholeNumber } from './bench-settings.ts';
import {
  type Answer,
  type Client,
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
  customers: wholeNumber('BENCH_CUSTOMERS', 5000),
  sessions: wholeNumber('BENCH_SESSIONS', 20),
  capacity: wholeNumber('BENCH_CAPACITY', 15),
  arrivalSeconds: wholeNumber('BENCH_ARRIVAL_SECONDS', 90),
  seconds: wholeNumber('BENCH_SECONDS', 300),
};
const password = 'Opening-day-2027!';
const triesPerCustomer = 3;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Customer {
  reference: string;
  address: string;
  cookie?: string;
  /** ms after the opening (negative: before it) */
  arrivedAt?: number;
  admittedAt?: number;
  gotPlace?: boolean;
}

const failed = (error: Error) => ({ status: 0, body: error.message, headers: {} }) as Answer;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A round-robin balancer on 127.0.0.1: each request to the next instance, the Host kept. */
function startBalancer(targets: number[]): Promise<{ port: number; close(): Promise<void> }> {
  // A fresh upstream connection each time: an instance closes idle ones after 5 s, and a reused
  // socket it had just closed would show as a 502 that no customer would see behind a real balancer.
  const agent = new http.Agent({ keepAlive: false, maxSockets: 256 });
  let next = 0;
  const server = http.createServer((request, response) => {
    const port = targets[next++ % targets.length]!;
    const upstream = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  // Longer than any pause between a customer's calls, so the client never reuses a closed socket.
  server.keepAliveTimeout = 120_000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as { port: number }).port,
        close: () =>
          new Promise((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}

/** Pearson's correlation; NaN for fewer than three pairs. */
function correlation(xs: number[], ys: number[]): number {
  if (xs.length < 3) return Number.NaN;
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [mx, my] = [mean(xs), mean(ys)];
  let [sxy, sxx, syy] = [0, 0, 0];
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

interface Place {
  status: 'waiting' | 'admitted' | 'lapsed';
  position: number | null;
  checkAgainSeconds: number;
  placesLeft: number | null;
}

/** One customer's morning: arrive, wait their turn, then read the timetable and take a place. */
async function customerJourney(
  client: Client,
  recorder: Recorder,
  customer: Customer,
  context: { released: Released; openingId: number; opensAt: number; host: string; deadline: number },
) {
  const headers = {
    cookie: customer.cookie!,
    origin: `http://${context.host}`,
    host: context.host,
    'x-forwarded-for': customer.address,
  };
  const queuePath = `/api/booking-openings/${context.openingId}/queue`;
  const joined = await recorder
    .time('join', () => client.request({ method: 'POST', path: queuePath, headers }))
    .catch(failed);
  if (joined.status !== 200) return recorder.count(`error: join ${joined.status} ${messageOf(joined)}`);
  let place = (JSON.parse(joined.body) as { data: Place }).data;
  while (place.status !== 'admitted') {
    if (Date.now() > context.deadline) return recorder.count('still waiting at the end');
    await sleep(place.checkAgainSeconds * 1000);
    const asked = await recorder
      .time('queue poll', () => client.request({ method: 'GET', path: queuePath, headers }))
      .catch(failed);
    if (asked.status !== 200) {
      recorder.count(`error: poll ${asked.status} ${messageOf(asked)}`);
      continue;
    }
    place = (JSON.parse(asked.body) as { data: Place }).data;
    if (place.status === 'lapsed') return recorder.count('error: admission lapsed');
    // The waiting room says every place has gone, and offers the waiting list (decision 0098).
    if (place.status === 'waiting' && place.placesLeft === 0)
      return recorder.count('told full in the waiting room (offered the waiting list)');
  }
  customer.admittedAt = Date.now() - context.opensAt;

  const { released } = context;
  const timetablePath = `/api/activities/venues/${released.venueSlug}/timetable?from=${released.date}&days=1`;
  for (let attempt = 0; attempt < triesPerCustomer; attempt += 1) {
    const read = await recorder
      .time('timetable', () => client.request({ method: 'GET', path: timetablePath, headers }))
      .catch(failed);
    if (read.status !== 200) return recorder.count(`error: timetable ${read.status} ${messageOf(read)}`);
    const sessions = (
      JSON.parse(read.body) as {
        data: {
          days: {
            sessions: {
              id: number;
              activity: { id: number };
              availability: { spacesLeft: number };
              pricingOptionId: number | null;
            }[];
          }[];
        };
      }
    ).data.days
      .flatMap((day) => day.sessions)
      .filter((s) => s.activity.id === released.activityId && s.availability.spacesLeft > 0);
    // What the page shows when every class is full: the waiting list, not a button.
    if (sessions.length === 0) return recorder.count('told full (offered the waiting list)');
    const choice = sessions[Math.floor(Math.random() * sessions.length)]!;
    const added = await recorder
      .time('add to basket', () =>
        client.request({
          method: 'POST',
          path: '/api/cart/add',
          headers,
          body: {
            items: [
              {
                id: choice.id,
                type: 'booking',
                pricing_option_id: choice.pricingOptionId ?? released.priceId,
                options: { quantity: 1 },
              },
            ],
          },
        }),
      )
      .catch(failed);
    if (added.status === 200 || added.status === 201) {
      customer.gotPlace = true;
      return recorder.count('place held');
    }
    if (
      (added.status === 409 || added.status === 422) &&
      /full|no places|sold out|left/i.test(messageOf(added))
    ) {
      recorder.count('refused: full');
      continue;
    }
    return recorder.count(`error: add ${added.status} ${messageOf(added)}`);
  }
  recorder.count('gave up after 3 tries');
}

const ms = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)} ms`);
const seconds = (value: number | undefined) => (value === undefined ? '–' : `${(value / 1000).toFixed(1)} s`);

function percentiles(values: number[]) {
  const list = [...values].sort((a, b) => a - b);
  if (list.length === 0) return undefined;
  const rank = (p: number) => list[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)]!;
  return { p50: rank(50), p95: rank(95), p99: rank(99) };
}

async function main(): Promise<void> {
  try {
    await ping(settings.adminUrl);
  } catch (error) {
    console.log(
      `PostgreSQL is not reachable at ${new URL(settings.adminUrl).host} (${(error as Error).message}): skipping the opening benchmark.`,
    );
    return;
  }
  const name = `lido_bench_${randomBytes(4).toString('hex')}`;
  await createBenchDatabase(settings.adminUrl, name);
  const databaseUrl = withDatabase(settings.adminUrl, name);
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;
  let client: Client | undefined;
  const repository = benchRepository(databaseUrl);
  try {
    // The balancer's port is the public address both instances are told (one site per host name).
    const ports = [await freePortBase(), await freePortBase()];
    const targets = [...ports];
    balancer = await startBalancer(targets);
    const host = `bookings.localhost:${balancer.port}`;
    const publicSites = {
      LIDO_BOOKINGS_URL: `http://${host}`,
      LIDO_MY_ACCOUNT_URL: `http://my-account.localhost:${balancer.port}`,
      LIDO_ONLINE_JOINING_URL: `http://online-joining.localhost:${balancer.port}`,
    };
    console.log(
      `Database ${name}; two instances on 127.0.0.1:${ports.join(' and ')}, balanced on ${balancer.port}…`,
    );
    for (const port of ports)
      servers.push(await startServer(repoRoot, databaseUrl, port, undefined, publicSites));

    const released = await repository.releasePlaces(settings.sessions, settings.capacity);
    const places = settings.sessions * settings.capacity;
    const passwordHash = await hash(password, argon2Options);
    const references = await repository.signUpCustomers(settings.customers, passwordHash);
    const customers: Customer[] = references.map((reference, index) => ({
      reference,
      address: addressOf(index + 1),
    }));
    client = createClient(balancer.port, 512, 60_000);
    const loginStarted = performance.now();
    await pool(customers, 50, Date.now() + 20 * 60_000, async (customer) => {
      const answer = await client!
        .request({
          method: 'POST',
          path: '/api/auth/customer/login',
          headers: { host, origin: `http://${host}`, 'x-forwarded-for': customer.address },
          body: { username: customer.reference, password },
        })
        .catch(failed);
      customer.cookie = answer.status === 200 ? cookieFrom(answer) : undefined;
    });
    const loggedIn = customers.filter((customer) => customer.cookie);
    console.log(
      `Released ${places} places; logged in ${loggedIn.length} of ${customers.length} in ${((performance.now() - loginStarted) / 1000).toFixed(0)} s.`,
    );

    // Two thirds of the arrivals come before the opening, the rest after, in a random order.
    const firstArrival = Date.now() + 2000;
    const opensAt = firstArrival + Math.round((settings.arrivalSeconds * 1000 * 2) / 3);
    const openingId = await repository.announceOpening(
      released,
      new Date(opensAt),
      settings.arrivalSeconds + 60,
    );
    const arrivals = loggedIn.map(() => firstArrival + Math.random() * settings.arrivalSeconds * 1000);
    const recorder = new Recorder();
    const deadline = firstArrival + settings.seconds * 1000;
    const context = { released, openingId, opensAt, host, deadline };
    console.log(
      `The opening is in ${((opensAt - Date.now()) / 1000).toFixed(0)} s; arrivals over ${settings.arrivalSeconds} s…`,
    );
    await Promise.all(
      loggedIn.map(async (customer, index) => {
        await sleep(arrivals[index]! - Date.now());
        customer.arrivedAt = Date.now() - opensAt;
        await customerJourney(client!, recorder, customer, context).catch((error: Error) =>
          recorder.count(`error: ${error.message}`),
        );
      }),
    );
    const counted = await repository.count(released);

    const admitted = loggedIn.filter((customer) => customer.admittedAt !== undefined);
    // Time to be let in: from the opening for those there before it, from arrival for the rest.
    const waits = admitted.map((customer) => customer.admittedAt! - Math.max(0, customer.arrivedAt!));
    const early = admitted.filter((customer) => customer.arrivedAt! < 0);
    const fairness = correlation(
      early.map((customer) => customer.arrivedAt!),
      early.map((customer) => customer.admittedAt!),
    );
    const earlyAll = loggedIn.filter(
      (customer) => customer.arrivedAt !== undefined && customer.arrivedAt < 0,
    );
    const placeFairness = correlation(
      earlyAll.map((customer) => customer.arrivedAt!),
      earlyAll.map((customer) => (customer.gotPlace ? 1 : 0)),
    );
    const wait = percentiles(waits);
    const add = recorder.percentiles('add to basket');
    const timetable = recorder.percentiles('timetable');
    const poll = recorder.percentiles('queue poll');
    const errors = [...recorder.outcomes]
      .filter(([outcome]) => outcome.startsWith('error'))
      .reduce((sum, [, n]) => sum + n, 0);
    const oversold = counted.over_capacity + counted.mismatched_sessions + counted.customers_twice;
    console.log('\nOutcomes:', Object.fromEntries(recorder.outcomes));
    console.log('\n| Opening with the waiting room (PostgreSQL, two instances) | Figure |');
    console.log('| --- | --- |');
    console.log(
      `| Customers (logged in) / places released | ${loggedIn.length} / ${places} (${settings.sessions} sessions) |`,
    );
    console.log(`| Arrivals | over ${settings.arrivalSeconds} s, ${earlyAll.length} before the opening |`);
    console.log(
      `| Time to be let in p50 / p95 / p99 | ${seconds(wait?.p50)} / ${seconds(wait?.p95)} / ${seconds(wait?.p99)} (${admitted.length} let in) |`,
    );
    console.log(
      `| Add to basket p50 / p95 / p99 | ${ms(add?.p50)} / ${ms(add?.p95)} / ${ms(add?.p99)} (${recorder.requests('add to basket')} adds) |`,
    );
    console.log(
      `| Timetable read p50 / p95 / p99 | ${ms(timetable?.p50)} / ${ms(timetable?.p95)} / ${ms(timetable?.p99)} |`,
    );
    console.log(
      `| Queue poll p50 / p95 | ${ms(poll?.p50)} / ${ms(poll?.p95)} (${recorder.requests('queue poll')} polls) |`,
    );
    console.log(`| Errors (5xx, unexpected 4xx, timeouts) | ${errors} |`);
    console.log(
      `| Places taken (database) | ${counted.taken} of ${counted.capacity}; ${counted.lines} basket lines holding ${counted.places_in_lines} |`,
    );
    console.log(`| Oversold or taken twice | ${oversold} |`);
    console.log(
      `| Told full, offered the waiting list: after being let in / while waiting | ${recorder.outcomes.get('told full (offered the waiting list)') ?? 0} / ${recorder.outcomes.get('told full in the waiting room (offered the waiting list)') ?? 0} |`,
    );
    console.log(
      `| Fairness: arrival vs. let-in order / vs. getting a place (those before the opening) | ${fairness.toFixed(3)} / ${placeFairness.toFixed(3)} |`,
    );
    const exact = counted.taken === places && counted.places_in_lines === places && oversold === 0;
    console.log(
      exact ? '\nExactly the places released were taken, none twice.' : '\nNOT exact: see the figures above.',
    );
    process.exitCode = exact && errors === 0 ? 0 : 1;
  } finally {
    client?.close();
    await repository.close();
    await Promise.all(servers.map((server) => stopServer(server)));
    await balancer?.close();
    await dropBenchDatabase(settings.adminUrl, name);
  }
}

await main();
