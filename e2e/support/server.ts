import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  port: number;
  dataDir: string;
  urls: { bookings: string; myAccount: string; onlineJoining: string; frontOfHouse: string };
  output: () => string;
  stop(): Promise<void>;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A base port whose next five are free too (the three customer sites, the card sandbox, the Direct
 * Debit sandbox and the staff site).
 */
export async function findFreePortBlock(size = 6): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20000 + Math.floor(Math.random() * 30000);
    const checks = await Promise.all(Array.from({ length: size }, (_, offset) => portIsFree(base + offset)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error('No block of free ports found');
}

type ServerSettings = Record<string, string> | ((port: number) => Record<string, string>);

/**
 * Starts the real server (`apps/server/src/main.ts`) on free ports with a fresh data directory.
 * `env` may depend on the port (site URLs do); with site URLs set, `urls` are those. Test files run
 * in parallel, so another one's server can take a block between the check that it is free and the
 * listen: then it starts again on another block.
 */
export async function startServer(settings: ServerSettings = {}, dataDir?: string): Promise<RunningServer> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lido-e2e-'));
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPorts(await findFreePortBlock(), settings, dir);
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOnPorts(port: number, settings: ServerSettings, dir: string): Promise<RunningServer> {
  const env = typeof settings === 'function' ? settings(port) : settings;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      LIDO_LOG_LEVEL: 'warn',
      LIDO_PORT: String(port),
      LIDO_DATA_DIR: dir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    port,
    dataDir: dir,
    urls: {
      bookings: env.LIDO_BOOKINGS_URL ?? `http://127.0.0.1:${port}`,
      myAccount: env.LIDO_MY_ACCOUNT_URL ?? `http://127.0.0.1:${port + 1}`,
      onlineJoining: env.LIDO_ONLINE_JOINING_URL ?? `http://127.0.0.1:${port + 2}`,
      frontOfHouse: env.LIDO_FRONT_OF_HOUSE_URL ?? `http://127.0.0.1:${port + 5}`,
    },
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
