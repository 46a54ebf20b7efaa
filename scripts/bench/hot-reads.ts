/**
 * `npm run bench`: the hot reads at the speed of the machine (issue 20 item 2).
 *
 * Starts the real server on the embedded database (PGlite) and, when reachable, on PostgreSQL (a
 * database made and dropped here), each in a process of its own, and beside it a bare Fastify
 * process serving the same JSON (bare-server.ts). Each hot read (client settings, theme, venues,
 * catalogue, costs, timetable) is driven with BENCH_CONNECTIONS keep-alive connections for
 * BENCH_SECONDS against the server and then against the bare process: requests per second, the
 * share of the bare figure, p50/p99. On PostgreSQL each read is then sent at a fixed BENCH_RATE per
 * second for BENCH_SECONDS, and its p99 reported. Traffic goes to 127.0.0.1 only; every measurement
 * is bounded in time and in requests. A measurement, not a test: the machine is shared, so compare
 * figures from one run.
 *
 * Settings (environment): DATABASE_URL (a PostgreSQL the script may create databases on; default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_SECONDS (5), BENCH_CONNECTIONS (50),
 * BENCH_RATE (500), BENCH_SERVER_ROOT (another checkout's server to measure, for a before figure).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminUrl, wholeNumber } from './bench-settings.ts';
import { createClient, Recorder } from './http-load.ts';
import { createBenchDatabase, dropBenchDatabase, ping, withDatabase } from './rush.repository.ts';
import { freePortBase, startServer, stopServer, untilHealthy } from './server-process.ts';

const number = wholeNumber;
const settings = {
  adminUrl,
  seconds: number('BENCH_SECONDS', 5),
  connections: number('BENCH_CONNECTIONS', 50),
  rate: number('BENCH_RATE', 500),
};
/** No measurement sends more than this, however fast the machine. */
const maxRequestsPerMeasurement = 500_000;
const requestTimeoutMs = 10_000;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverRoot = path.resolve(process.env.BENCH_SERVER_ROOT ?? repoRoot);

interface Measured {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** As many requests as `connections` keep-alive connections get answered in the time. */
async function closedLoop(port: number, url: string): Promise<Measured> {
  const client = createClient(port, settings.connections, requestTimeoutMs);
  const recorder = new Recorder();
  let sent = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + settings.seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && sent < maxRequestsPerMeasurement) {
      sent += 1;
      try {
        const answer = await recorder.time('read', () => client.request({ method: 'GET', path: url }));
        if (answer.status !== 200) errors += 1;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: settings.connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  client.close();
  const times = recorder.percentiles('read')!;
  return { requests: sent, errors, perSecond: sent / elapsed, p50: times.p50, p99: times.p99 };
}

/** Requests sent at a steady rate whatever the answers do (open loop), each one timed. */
async function fixedRate(port: number, url: string): Promise<Measured> {
  const client = createClient(port, 500, requestTimeoutMs);
  const recorder = new Recorder();
  const total = Math.min(settings.rate * settings.seconds, maxRequestsPerMeasurement);
  let errors = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < total; index += 1) {
    const due = started + (index * 1000) / settings.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      recorder
        .time('read', () => client.request({ method: 'GET', path: url }))
        .then((answer) => {
          if (answer.status !== 200) errors += 1;
        })
        .catch(() => {
          errors += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  client.close();
  const times = recorder.percentiles('read')!;
  return { requests: total, errors, perSecond: total / elapsed, p50: times.p50, p99: times.p99 };
}

/** The hot reads as the sites make them, with ids read from the demo the server seeded. */
async function hotReads(port: number): Promise<[string, string][]> {
  const get = async (url: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${url}`);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return ((await response.json()) as { data: unknown }).data;
  };
  const venues = (await get('/api/venues/online-joining')) as { id: number; slug: string }[];
  const castlefield = venues.find((venue) => venue.slug === 'castlefield-leisure-centre')!;
  const types = (await get(`/api/memberships/types?venue_id=${castlefield.id}`)) as {
    id: number;
    paymentOptions: { id: number; paymentType: string }[];
  }[];
  const monthly = types
    .flatMap((type) => type.paymentOptions.map((option) => ({ type, option })))
    .find(({ option }) => option.paymentType === 'recurring')!;
  const startDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  return [
    ['client settings', '/api/client'],
    ['theme', '/api/frontend/theme?venue=clifton-lido-and-spa'],
    ['venues', '/api/venues/online-joining'],
    ['catalogue', `/api/memberships/types?venue_id=${castlefield.id}`],
    [
      'costs',
      `/api/memberships/types/${monthly.type.id}/payment-options/${monthly.option.id}?venue_id=${castlefield.id}&start_date=${startDate}&billing_day=15`,
    ],
    ['timetable', `/api/activities/venues/${castlefield.slug}/timetable`],
  ];
}

async function startBare(port: number, answersFile: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'scripts/bench/bare-server.ts')],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', BARE_PORT: String(port), BARE_ANSWERS: answersFile },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  await untilHealthy(child, port);
  return child;
}

interface Row {
  database: string;
  read: string;
  server: Measured;
  bare: Measured;
  fixed?: Measured;
}

async function measure(database: string, databaseUrl: string | undefined, dataDir: string): Promise<Row[]> {
  const port = await freePortBase();
  console.log(`${database}: starting the server (${serverRoot}) on port ${port}`);
  const server = await startServer(serverRoot, databaseUrl, port, dataDir);
  const bareDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-bench-bare-'));
  let bare: ChildProcess | undefined;
  try {
    const reads = await hotReads(port);
    const answers: Record<string, unknown> = {};
    for (const [, url] of reads) answers[url] = await (await fetch(`http://127.0.0.1:${port}${url}`)).json();
    const answersFile = path.join(bareDir, 'answers.json');
    fs.writeFileSync(answersFile, JSON.stringify(answers));
    const barePort = await freePortBase();
    bare = await startBare(barePort, answersFile);
    const rows: Row[] = [];
    for (const [read, url] of reads) {
      await closedLoop(port, url); // warm: JIT, pools, the catalogue cache
      const row: Row = {
        database,
        read,
        server: await closedLoop(port, url),
        bare: await closedLoop(barePort, url),
      };
      if (databaseUrl) row.fixed = await fixedRate(port, url);
      console.log(
        `  ${read}: ${Math.round(row.server.perSecond)} req/s, bare ${Math.round(row.bare.perSecond)}`,
      );
      rows.push(row);
    }
    return rows;
  } finally {
    if (bare) await stopServer(bare);
    await stopServer(server);
    fs.rmSync(bareDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : Math.round(value).toString());
const thousands = (value: number) => Math.round(value).toLocaleString('en-GB');

function table(rows: Row[]): string {
  const lines = [
    '| database | hot read | req/s | bare Fastify req/s | share of bare | p50 ms | p99 ms | errors | p99 ms at a fixed rate |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const share = (100 * row.server.perSecond) / row.bare.perSecond;
    const fixed = row.fixed
      ? `${ms(row.fixed.p99)} at ${Math.round(row.fixed.perSecond)}/s${row.fixed.errors ? ` (${row.fixed.errors} errors)` : ''}`
      : '–';
    lines.push(
      `| ${row.database} | ${row.read} | ${thousands(row.server.perSecond)} | ${thousands(row.bare.perSecond)} | ${share.toFixed(1)}% | ${ms(row.server.p50)} | ${ms(row.server.p99)} | ${row.server.errors + row.bare.errors} | ${fixed} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  const rows: Row[] = [];
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-bench-pglite-'));
  try {
    rows.push(...(await measure('PGlite', undefined, pgliteDir)));
  } finally {
    fs.rmSync(pgliteDir, { recursive: true, force: true });
  }
  let postgres = true;
  try {
    await ping(settings.adminUrl);
  } catch (error) {
    postgres = false;
    console.log(`PostgreSQL is not reachable (${(error as Error).message}): measured on PGlite only.`);
  }
  if (postgres) {
    const name = `lido_bench_reads_${process.pid}`;
    await createBenchDatabase(settings.adminUrl, name);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-bench-pg-'));
    try {
      rows.push(...(await measure('PostgreSQL', withDatabase(settings.adminUrl, name), dataDir)));
    } finally {
      await dropBenchDatabase(settings.adminUrl, name);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `\n${settings.connections} connections, ${settings.seconds} s per measurement; fixed rate ${settings.rate}/s; ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}\n`,
  );
  console.log(table(rows));
}

await main();
