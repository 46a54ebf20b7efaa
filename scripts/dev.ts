/**
 * `npm run dev`: the development loop (decision 0026). The server restarts when its code changes; the four sites are served by Vite with hot reload on
 * LIDO_DEV_SITE_PORT (default 5173), +1, +2 and +5 (the staff site), each proxying the server's paths to its own site's
 * port, so the port the server sees still picks the site. The server is told the Vite port, so its
 * Origin (CSRF) check accepts the Vite pages and links between sites stay on Vite.
 *
 * A `.env` file at the root is read first (see `.env.example`); the environment wins over it.
 * Ctrl-C or SIGTERM stops everything this started.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type ViteDevServer } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const webRoot = path.join(root, 'apps/web');
/** Paths the server answers; everything else on a Vite port is Vite's (modules, assets, pages). */
const serverPaths = ['/api', '/operator-fonts', '/dev/outbox'];

const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  LIDO_DEV_SITE_PORT: process.env.LIDO_DEV_SITE_PORT || '5173',
};

/** A port setting, checked here because the Vite ports derive from it (the server checks the rest). */
function portSetting(name: string, fallback: number): number {
  const port = Number(env[name] || fallback);
  if (Number.isInteger(port) && port >= 1 && port <= 65530) return port;
  process.stderr.write(`${name} must be a whole number from 1 to 65530 (got "${env[name]}")\n`);
  process.exit(78);
}
const serverPort = portSetting('LIDO_PORT', 3000);
const devSitePort = portSetting('LIDO_DEV_SITE_PORT', 5173);
const bindAddress = env.LIDO_BIND_ADDRESS || '127.0.0.1';
/**
 * Each site is its port's offset from LIDO_PORT (and from LIDO_DEV_SITE_PORT), as on the server:
 * +3 and +4 are the card and Direct Debit sandboxes, so the staff site (issue 19) is +5.
 */
const siteOffsets = { bookings: 0, 'my-account': 1, 'online-joining': 2, 'front-of-house': 5 } as const;
type SiteName = keyof typeof siteOffsets;
const sites = Object.entries(siteOffsets) as [SiteName, number][];

/**
 * Vite serves `sites/<site>/index.html` for that site's page routes (the server's history fallback
 * in production); paths that look like files, Vite's own and the server's are left alone.
 */
function siteFallback(site: SiteName): Plugin {
  return {
    name: 'lido-site-fallback',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const pathname = (request.url ?? '/').split('?')[0] ?? '/';
        const isPage =
          (request.method === 'GET' || request.method === 'HEAD') &&
          String(request.headers.accept ?? '').includes('text/html') &&
          !/\.[a-z0-9]{1,8}$/i.test(pathname) &&
          !pathname.startsWith('/@') &&
          !serverPaths.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
        if (isPage) request.url = `/sites/${site}/index.html`;
        next();
      });
    },
  };
}

// The offline map's land shapes are written by the build; the dev loop needs them too.
if (!fs.existsSync(path.join(webRoot, 'public/map/land.json')))
  spawnSync(process.execPath, [path.join(root, 'scripts/build-map-data.mjs')], { stdio: 'inherit' });

/** What the server runs from: a change to one of these restarts it. */
const watched = ['apps/server/src', 'packages/contracts/src', 'packages/pricing/src'].map((dir) =>
  path.join(root, dir),
);

let server: ChildProcess | undefined;
let stopping = false;
const vites: ViteDevServer[] = [];

function startServer(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    if (stopping || server !== child) return;
    server = undefined;
    process.stdout.write(
      `The server stopped (${signal ?? `exit code ${code}`}); it starts again when its code changes.\n`,
    );
  });
  return child;
}

/** SIGTERM, which the server answers by closing its database; SIGKILL if it takes over ten seconds. */
async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

// Restarts are our own (not `tsx watch`): a Ctrl-C reaches the server and this script together,
// and the server ignores the second signal, where tsx would answer it with SIGKILL mid-shutdown.
let restart: NodeJS.Timeout | undefined;
let restarting = Promise.resolve();
const watchers = watched.map((dir) =>
  fs.watch(dir, { recursive: true }, (_event, file) => {
    if (stopping || !file || !/\.(ts|json|sql|ya?ml)$/.test(file) || /\.test\.ts$/.test(file)) return;
    clearTimeout(restart);
    restart = setTimeout(() => {
      restarting = restarting.then(async () => {
        if (stopping) return;
        process.stdout.write(`${path.relative(root, path.join(dir, file))} changed: restarting the server\n`);
        await stopServer();
        if (!stopping) server = startServer();
      });
    }, 150);
  }),
);
server = startServer();

async function stop(code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  clearTimeout(restart);
  for (const watcher of watchers) watcher.close();
  await Promise.allSettled(vites.map((vite) => vite.close()));
  await restarting;
  await stopServer();
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop());

try {
  for (const [site, offset] of sites) {
    const target = `http://127.0.0.1:${serverPort + offset}`;
    const vite = await createServer({
      configFile: path.join(webRoot, 'vite.config.ts'),
      root: webRoot,
      mode: 'development',
      // One dependency cache per site: several servers pre-bundling into one directory would race.
      cacheDir: path.join(webRoot, 'node_modules/.vite', `dev-${site}`),
      clearScreen: false,
      plugins: [siteFallback(site)],
      server: {
        host: bindAddress,
        port: devSitePort + offset,
        strictPort: true,
        // The browser's Host is kept (no changeOrigin): the server recognises Vite's port in it.
        proxy: Object.fromEntries(serverPaths.map((prefix) => [prefix, { target }])),
      },
    });
    vites.push(vite);
    if (stopping) break;
    await vite.listen();
    process.stdout.write(`${site} site (Vite, hot reload) on http://localhost:${devSitePort + offset}\n`);
  }
} catch (error) {
  // A Vite port already taken, say: nothing is left running.
  process.stderr.write(
    `npm run dev could not start the sites: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  await stop(1);
}
