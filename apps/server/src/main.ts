import http from 'node:http';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, siteNames } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoIfEmpty } from './db/seed/seed-demo.ts';
import { createOperatorRepository } from './modules/operator/operator.repository.ts';
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
  // The demo is for trying Lido out: production gets it only when asked (LIDO_SEED_DEMO=true).
  const seeded = config.seedDemo ? await seedDemoIfEmpty(database.db) : false;

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
  // With no operator the sites still load and /api/health answers; every operator call answers 503
  // "This site has not been set up yet." until one is loaded (decision 0020).
  if (!(await createOperatorRepository(database.db).current()))
    app.log.warn(
      'No operator is set up: the sites answer "This site has not been set up yet." (LIDO_SEED_DEMO=true loads the demo operator)',
    );

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
  void reconcile();
  void settleDirectDebits();
  const reconcileTimer = setInterval(() => {
    void reconcile();
    void settleDirectDebits();
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
