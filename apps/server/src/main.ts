import http from 'node:http';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, siteNames } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoIfEmpty } from './db/seed/seed-demo.ts';
import { sitePortOffset } from './http/sites.ts';
import { startCardProvider } from './providers/card/start-card-provider.ts';
import { startDirectDebitProvider } from './providers/direct-debit/start-direct-debit-provider.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(database);
  const seeded = await seedDemoIfEmpty(database.db);

  const card = await startCardProvider(config);
  const directDebit = await startDirectDebitProvider(config);

  // One Fastify instance answers on every site's port; the port a request arrives on picks the site.
  let handler: http.RequestListener | undefined;
  const app = await buildApp({
    config,
    database,
    cardProvider: card.provider,
    directDebitProvider: directDebit.provider,
    serverFactory: (requestHandler) => {
      handler = requestHandler;
      return http.createServer(requestHandler);
    },
  });
  await app.ready();
  app.log.info({ applied, seeded, database: database.kind }, 'database ready');

  const extraServers: http.Server[] = [];
  if (config.siteOrigins) {
    await app.listen({ port: config.port, host: config.bindAddress });
  } else {
    await app.listen({ port: config.port + sitePortOffset.bookings, host: config.bindAddress });
    for (const site of siteNames.filter((name) => sitePortOffset[name] !== 0)) {
      const server = http.createServer(handler);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port + sitePortOffset[site], config.bindAddress, resolve);
      });
      extraServers.push(server);
    }
    for (const site of siteNames) {
      app.log.info(`${site} site on http://localhost:${config.port + sitePortOffset[site]}`);
    }
  }

  // Payments a crash or a closed browser left half done are finished or given back (quality.md R4):
  // once at start-up, then every minute.
  const reconcile = () =>
    app.services.checkout
      .reconcile({ olderThanMs: config.card.reconcileAfterMs })
      .then((counts) => {
        if (counts.completed + counts.reversed + counts.failed + counts.attention > 0)
          app.log.info(counts, 'payments reconciled');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'payment reconciliation failed'));
  // Direct Debit set-ups and collections a crash or an unreachable provider left waiting.
  const settleDirectDebits = () =>
    app.services.directDebit
      .settle()
      .catch((error: unknown) => app.log.error({ err: error }, 'direct debit settling failed'));
  // Rate-limit counters no limit reads any more and sessions ended over a day ago are deleted.
  const cleanUp = () =>
    app.services.maintenance
      .cleanUp()
      .catch((error: unknown) => app.log.error({ err: error }, 'clean-up failed'));
  void reconcile();
  void settleDirectDebits();
  void cleanUp();
  const reconcileTimer = setInterval(() => {
    void reconcile();
    void settleDirectDebits();
    void cleanUp();
  }, 60_000);
  reconcileTimer.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await Promise.all(extraServers.map((server) => new Promise((resolve) => server.close(resolve))));
    clearInterval(reconcileTimer);
    await app.close();
    await card.close();
    await directDebit.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Lido failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
