/**
 * `npm run bench:cold-start`: how long `npm run serve` takes to answer /api/health on the embedded
 * database (PGlite), issue 20 item 6. The aim is 3 s on this machine.
 *
 * Each run starts the server as `npm run serve` does (node scripts/serve.mjs: the bundle and
 * PGlite template `npm run build` made, or the sources through tsx without them) in a process of
 * its own and times from the spawn to the first 200 from /api/health. "First start" is on an empty
 * data directory (migrations and the demo operator's seed run); "restart" is the same directory
 * again, as after a deploy or a crash. Each is run BENCH_RUNS times (default 3)
 * and the median reported, with the server's resident memory once it answered.
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

/** Starts the server on `dataDir` and answers the milliseconds until /api/health said 200. */
async function timeStart(dataDir: string): Promise<{ ms: number; residentMb: number }> {
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
  const first: number[] = [];
  const restart: number[] = [];
  const resident: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-cold-start-'));
    try {
      first.push((await timeStart(dataDir)).ms);
      const again = await timeStart(dataDir);
      restart.push(again.ms);
      resident.push(again.residentMb);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const load = os.loadavg()[0]!.toFixed(1);
  console.log(
    `\n| Cold start on PGlite (median of ${runs}; load average ${load} on ${os.cpus().length} cores) | Figure |`,
  );
  console.log('| --- | --- |');
  console.log(
    `| First start, empty data directory (migrations and demo seed), to /api/health 200 | ${Math.round(median(first))} ms |`,
  );
  console.log(`| Restart on the same data, to /api/health 200 | ${Math.round(median(restart))} ms |`);
  console.log(`| Server resident memory just after answering | ${median(resident)} MB |`);
  const met = median(restart) <= aimMs;
  console.log(
    met
      ? `\nA restart answers within the aim of ${aimMs} ms.`
      : `\nA restart takes longer than the aim of ${aimMs} ms.`,
  );
}

await main();
