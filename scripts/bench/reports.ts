/**
 * `npm run bench:reports`: the manager's dashboard on a big operator's year, timed (issue 37 item 4).
 *
 * Makes its own PostgreSQL database (dropped first if there), runs the migrations and fills it with
 * a year of a 20-centre operator, set-based in SQL (reports.repository.ts): about 500,000 bookings,
 * 40,000 members and 1,000,000 payments. Then it asks the dashboard module, through its door, for a
 * month, a quarter and the year, for one centre (the busiest) and all 20 at once: the whole
 * dashboard as the route answers it, and each figure's query on its own. Each is run several times
 * after one warm-up; the table shows p50 and max in ms. Not a test: a measurement.
 *
 * Settings (environment): DATABASE_URL (a PostgreSQL the script may create databases on; default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_RUNS (5), BENCH_REUSE=1 (keep the database
 * made by an earlier run if it is there: migrate it, skip the generation; and keep it afterwards).
 */
import os from 'node:os';
import { allCentres } from '@lido/contracts/dashboard';
import type { StaffUserRow } from '../../apps/server/src/modules/staff/index.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { createDashboardService, dashboardQueries } from '../../apps/server/src/modules/dashboard/index.ts';
import { adminUrl, wholeNumber } from './bench-settings.ts';
import {
  centreCount,
  countRows,
  dataYear,
  generate,
  hasData,
  managerAndCentres,
} from './reports.repository.ts';
import { createBenchDatabase, dropBenchDatabase, ping, withDatabase } from './rush.repository.ts';

const settings = {
  adminUrl,
  runs: wholeNumber('BENCH_RUNS', 5),
  reuse: process.env.BENCH_REUSE === '1',
};
const name = 'lido_bench_reports';
const timeZone = 'Europe/London';
const aim = 1000;
const y = dataYear;
const ranges = [
  { label: 'month', from: `${y}-06-01`, to: `${y}-06-30` },
  { label: 'quarter', from: `${y}-04-01`, to: `${y}-06-30` },
  { label: 'year', from: `${y}-01-01`, to: `${y}-12-31` },
];
/** Each figure's query, by the name the dashboard's table gives it. */
const sections = [
  ['bookings per day', dashboardQueries.bookingsPerDay],
  ['utilisation and no-shows by activity', dashboardQueries.utilisation],
  ['utilisation by hour of the week', dashboardQueries.utilisationByHour],
  ['revenue by tender', dashboardQueries.revenueByTender],
  ['revenue by product', dashboardQueries.revenueByProduct],
  ['memberships by type', dashboardQueries.membershipMovements],
  ['Direct Debit collections', dashboardQueries.directDebitCollections],
  ['waiting-list demand', dashboardQueries.waitingListDemand],
] as const;

/** p50 and max of `runs` timings of `work` in ms, after one run to warm the cache. */
async function timed(runs: number, work: () => Promise<unknown>): Promise<{ p50: number; max: number }> {
  await work();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor((times.length - 1) / 2)]!, max: times[times.length - 1]! };
}

async function main(): Promise<void> {
  try {
    await ping(settings.adminUrl);
  } catch (error) {
    console.log(
      `PostgreSQL is not reachable at ${new URL(settings.adminUrl).host} (${(error as Error).message}): skipping the reports benchmark.`,
    );
    return;
  }
  const databaseUrl = withDatabase(settings.adminUrl, name);
  const reuse = settings.reuse && (await hasData(databaseUrl));
  if (!reuse) {
    await dropBenchDatabase(settings.adminUrl, name);
    await createBenchDatabase(settings.adminUrl, name);
  }
  const database = await openDatabase({ databaseUrl });
  try {
    const applied = await migrate(database);
    console.log(`Database ${name}: ${applied.length} migrations applied.`);
    if (reuse) console.log('Reusing the data set made earlier (BENCH_REUSE=1).');
    else {
      console.log('Generating the data set…');
      const started = performance.now();
      await generate(databaseUrl, (step, seconds) => console.log(`  ${step}: ${seconds.toFixed(1)} s`));
      console.log(`Generated in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    }
    const rows = await countRows(databaseUrl);
    const payments = rows.orders! + rows.collections!;
    console.log(
      `\n${rows.centres} centres, ${rows.sessions} sessions, ${rows.bookings} bookings, ${rows.members} active members, ` +
        `${payments} payments (${rows.orders} orders with ${rows.tenders} desk tenders, ${rows.collections} ` +
        `Direct Debit collections), ${rows.waiting} waiting-list entries, ${rows.events} membership events.`,
    );

    const facts = await managerAndCentres(databaseUrl);
    const manager = facts.manager as unknown as StaffUserRow;
    const venues = facts.centres;
    const busiest = venues[0]!;
    const dashboard = createDashboardService({ db: database.db, timeZone });
    const scopes = [
      {
        label: `one centre (${busiest.slug})`,
        whole: (from: string, to: string) => dashboard.dashboard(manager, { from, to, centre: busiest.slug }),
        venueIds: [busiest.id],
      },
      {
        label: `all ${centreCount} centres`,
        whole: (from: string, to: string) => dashboard.dashboard(manager, { from, to, centre: allCentres }),
        venueIds: venues.map((venue) => venue.id),
      },
    ];

    const load = () => os.loadavg()[0]!.toFixed(1);
    console.log(
      `\n${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${load()} before timing.`,
    );
    const ms = (value: number) => `${Math.round(value)}`;
    const misses: string[] = [];
    console.log(
      `\n| Dashboard report (PostgreSQL, ${settings.runs} runs after a warm-up) | ` +
        ranges.map((range) => `${range.label} p50 / max ms`).join(' | ') +
        ' |',
    );
    console.log(`| --- | ${ranges.map(() => '---').join(' | ')} |`);
    for (const scope of scopes) {
      const cells: string[] = [];
      for (const range of ranges) {
        const figures = await timed(settings.runs, () => scope.whole(range.from, range.to));
        if (figures.max > aim) misses.push(`whole dashboard, ${scope.label}, ${range.label}`);
        cells.push(`${ms(figures.p50)} / ${ms(figures.max)}`);
      }
      console.log(`| **Whole dashboard, ${scope.label}** | ${cells.join(' | ')} |`);
      for (const [label, query] of sections) {
        const sectionCells: string[] = [];
        for (const range of ranges) {
          const figures = await timed(settings.runs, () =>
            query(database.db, { venueIds: scope.venueIds, from: range.from, to: range.to, timeZone }),
          );
          if (figures.max > aim) misses.push(`${label}, ${scope.label}, ${range.label}`);
          sectionCells.push(`${ms(figures.p50)} / ${ms(figures.max)}`);
        }
        console.log(`| ${label}, ${scope.label} | ${sectionCells.join(' | ')} |`);
      }
    }
    console.log(`\nLoad average ${load()} after timing.`);
    console.log(
      misses.length === 0
        ? `\nEvery report answered within ${aim} ms.`
        : `\nOver ${aim} ms: ${misses.join('; ')}.`,
    );
  } finally {
    await database.close();
    if (!settings.reuse) await dropBenchDatabase(settings.adminUrl, name);
  }
}

await main();
