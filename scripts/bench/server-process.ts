import { type ChildProcess, spawn } from 'node:child_process';
import fs, { readFileSync } from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';

/** Four consecutive free ports (the three sites and the sandbox card provider), 127.0.0.1 only. */
export async function freePortBase(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const checks = await Promise.all([0, 1, 2, 3].map((offset) => free(base + offset)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error('No four consecutive free ports found');
}

/**
 * The real server as production runs it, in a process of its own so its event loop is not shared
 * with the load it is measured under. Trusts one proxy hop so each simulated customer can have its
 * own address (X-Forwarded-For), as thousands of customers at home would.
 */
export async function startServer(
  repoRoot: string,
  /** PostgreSQL, or undefined for the embedded database under `dataDir` */
  databaseUrl: string | undefined,
  port: number,
  // A data directory of its own, like its database: each run's sandboxes start from nothing, and
  // no run reads another's state files.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-bench-')),
  /** more settings, e.g. the public site addresses of instances behind one balancer */
  extraEnv: Record<string, string> = {},
): Promise<ChildProcess> {
  // BENCH_CPU_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops, to see where the time goes.
  const profile = process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROFILE]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        LIDO_PORT: String(port),
        LIDO_BIND_ADDRESS: '127.0.0.1',
        LIDO_LOG_LEVEL: 'warn',
        LIDO_SEED_DEMO: 'true',
        LIDO_TRUST_PROXY: '1',
        LIDO_EMAIL_OUTBOX: 'true',
        LIDO_DATA_DIR: dataDir,
        ...extraEnv,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  await untilHealthy(child, port);
  return child;
}

/** Waits (up to 2 minutes) for a child process's `/api/health`, or stops it and throws. */
export async function untilHealthy(child: ChildProcess, port: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    if (child.exitCode !== null)
      throw new Error(`The server stopped while starting (exit ${child.exitCode})`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('The server did not answer /api/health within 2 minutes');
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The server process's resident memory in MB (Linux), read from outside so it costs the server nothing. */
export function residentMegabytes(child: ChildProcess): number {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kilobytes / 1024);
  } catch {
    return 0;
  }
}
