/**
 * `npm run bench:cold-start`: how long `npm run serve` takes to answer /api/health on the embedded
 * database (PGlite), issue 20 item 6. The aim is 3 s on this machine.
 *
 * Each run starts the server as `npm run serve` does (node scripts/serve.mjs: the bundle and
 * PGlite templates `npm run build` made, or the sources through tsx without them) in a process of
 * its own and times from the spawn to the first 200 from /api/health. "First start" is on an empty
 * data directory (the build's demo template is copied in and its dated part seeded, decision 0068);
 * "the whole demo" is a first start without that template (the migrated one is copied in and all
 * of the demo seeded, as before); "without the demo" is production's first start; "restart" is the
 * same directory again, as after a deploy or a crash.
 * Each is run BENCH_RUNS times (default 3) and the median reported, with the server's resident
 * memory once it answered.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { wholeNumber } from './bench-settings.ts';
import { freePortBase, residentMegabytes, stopServer } from './server-process.ts';

const runs = wholeNumber('BENCH_RUNS', 3);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const aimMs = 3000;
const templatesDir = path.join(repoRoot, 'apps/server/dist/pglite-templates');
const asidePrefix = '.aside-';

/** Starts the server on `dataDir` and answers the milliseconds until /api/health said 200. */
async function timeStart(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ ms: number; residentMb: number }> {
  const port = await freePortBase();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'scripts/serve.mjs')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      LIDO_PORT: String(port),
      LIDO_BIND_ADDRESS: '127.0.0.1',
      LIDO_LOG_LEVEL: 'warn',
      LIDO_DATA_DIR: dataDir,
      LIDO_EMAIL_OUTBOX: 'true',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    while (performance.now() - started < 120_000) {
      if (child.exitCode !== null)
        throw new Error(`The server stopped while starting (exit ${child.exitCode})`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return { ms: performance.now() - started, residentMb: residentMegabytes(child) };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('The server did not answer /api/health within 2 minutes');
  } finally {
    await stopServer(child);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist')))
    console.log('(apps/web/dist is missing: run `npm run build` first to time a built tree)');
  if (!fs.existsSync(path.join(repoRoot, 'apps/server/dist/main.js')))
    console.log(
      '(apps/server/dist/main.js is missing: this times the sources through tsx, not a built tree)',
    );
  restoreDemoTemplates(); // left aside by a run that was stopped
  const first: number[] = [];
  const wholeDemo: number[] = [];
  const noDemo: number[] = [];
  const restart: number[] = [];
  const resident: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-cold-start-'));
    const wholeDemoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-cold-start-'));
    const noDemoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-cold-start-'));
    try {
      first.push((await timeStart(dataDir)).ms);
      const again = await timeStart(dataDir);
      restart.push(again.ms);
      resident.push(again.residentMb);
      wholeDemo.push(await withoutDemoTemplates(async () => (await timeStart(wholeDemoDir)).ms));
      noDemo.push((await timeStart(noDemoDir, { LIDO_SEED_DEMO: 'false' })).ms);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(wholeDemoDir, { recursive: true, force: true });
      fs.rmSync(noDemoDir, { recursive: true, force: true });
    }
  }
  const load = os.loadavg()[0]!.toFixed(1);
  const row = (label: string, values: number[]) =>
    console.log(`| ${label}, to /api/health 200 | ${Math.round(median(values))} ms |`);
  console.log(
    `\n| Cold start on PGlite (median of ${runs}; load average ${load} on ${os.cpus().length} cores) | Figure |`,
  );
  console.log('| --- | --- |');
  row('First start, empty data directory (the demo template, then its dated part)', first);
  row('First start seeding the whole demo (a build without the demo template)', wholeDemo);
  row('First start without the demo (LIDO_SEED_DEMO=false, as in production)', noDemo);
  row('Restart on the same data', restart);
  console.log(`| Server resident memory just after answering | ${median(resident)} MB |`);
  const within = [
    ['a first start', first],
    ['a first start seeding the whole demo', wholeDemo],
    ['a first start without the demo', noDemo],
    ['a restart', restart],
  ] as const;
  console.log('');
  for (const [what, values] of within)
    console.log(
      `${what[0]!.toUpperCase()}${what.slice(1)} ${median(values) <= aimMs ? 'answers within' : 'takes longer than'} the aim of ${aimMs} ms.`,
    );
}

/**
 * A first start as before decision 0068, seeding the whole demo: the build's demo templates are set
 * aside while it is timed, and put back however the timing ends.
 */
async function withoutDemoTemplates<T>(timed: () => Promise<T>): Promise<T> {
  if (!fs.existsSync(templatesDir)) return timed(); // a tree never built has none
  for (const name of fs.readdirSync(templatesDir).filter((entry) => entry.includes('-demo-')))
    fs.renameSync(path.join(templatesDir, name), path.join(templatesDir, `${asidePrefix}${name}`));
  try {
    return await timed();
  } finally {
    restoreDemoTemplates();
  }
}

function restoreDemoTemplates(): void {
  if (!fs.existsSync(templatesDir)) return;
  for (const name of fs.readdirSync(templatesDir).filter((entry) => entry.startsWith(asidePrefix)))
    fs.renameSync(path.join(templatesDir, name), path.join(templatesDir, name.slice(asidePrefix.length)));
}

await main();
