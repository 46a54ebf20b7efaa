import http from 'node:http';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, siteNames } from './config.ts';
import { openDatabase } from './db/client.ts';
import { LandedMigrationError, migrate, readMigrations } from './db/migrate.ts';
import { startingTemplate } from './db/seed/demo-template.ts';
import { seedDemoDatedIfPending, seedDemoIfEmpty } from './db/seed/seed-demo.ts';
import { createOperatorRepository } from './modules/operator/index.ts';
import { sitePortOffset } from './http/sites.ts';
import { createJobRunner } from './jobs/job-runner.ts';
import { startCardProvider } from './providers/card/start-card-provider.ts';
import { startDirectDebitProvider } from './providers/direct-debit/start-direct-debit-provider.ts';
import { claimSandboxes, needsSandboxClaim, SandboxInUseError } from './providers/sandbox-claim.ts';

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

  const migrations = readMigrations();
  // An empty PGlite directory starts as a copy of a cluster the build made (0062): with the demo's
  // undated part seeded when the demo is wanted (0068), else migrated only.
  const template = config.databaseUrl
    ? undefined
    : startingTemplate(migrations, { seedDemo: config.seedDemo });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteTemplate: template?.path,
  });
  // One lock around migrating and seeding: instances starting together on an empty database take
  // turns, and the later ones find the work done.
  const startup = await database.withLock('startup', async () => {
    const applied = await migrate(database, migrations);
    // The demo is for trying Lido out: production gets it only when asked (LIDO_SEED_DEMO=true).
    // A demo copied from the build's template has its dated part added as of today, once.
    const seeded =
      (config.seedDemo && (await seedDemoIfEmpty(database.db))) ||
      (await seedDemoDatedIfPending(database.db));
    return { applied, seeded };
  });
  if (!startup.acquired) throw new Error('The start-up lock was not granted');
  const { applied, seeded } = startup.value;

  // A production demo's sandboxes live in this process: one instance per database (decision 0093).
  const sandboxClaim = needsSandboxClaim(config) ? await claimSandboxes(database) : undefined;
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
  app.log.info(
    {
      applied,
      seeded,
      template: template ? (template.demo ? 'demo' : 'migrated') : null,
      database: database.kind,
    },
    'database ready',
  );
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

  // The background jobs, safe on any number of instances (decision 0016). Add a job here.
  const jobs = createJobRunner({
    database,
    log: app.log,
    intervalMs: config.jobIntervalMs,
    jobs: [
      {
        // Payments a crash or a closed browser left half done are finished or given back (quality.md R4).
        name: 'reconcile-payments',
        runs: 'one-instance',
        run: async () => {
          const counts = await app.services.checkout.reconcile({ olderThanMs: config.card.reconcileAfterMs });
          if (counts.completed + counts.reversed + counts.failed + counts.attention > 0)
            app.log.info(counts, 'payments reconciled');
          return counts;
        },
      },
      // Direct Debit set-ups and collections a crash or an unreachable provider left waiting.
      { name: 'settle-direct-debits', runs: 'one-instance', run: () => app.services.directDebit.settle() },
      // Freezes that start or end today; each row moves once and its timeline event has a dedupe key.
      { name: 'advance-freezes', runs: 'every-instance', run: () => app.services.membershipFreeze.advance() },
      // Renewal reminders due today; the timeline event and the email share one dedupe key.
      {
        name: 'send-renewal-reminders',
        runs: 'every-instance',
        run: () => app.services.renewalReminders.sendDue(),
      },
      // Price change notices (the notice row's unique key tells each member once) and, from each
      // member's first collection at it, the new price on the membership (a conditional UPDATE).
      {
        name: 'price-change-notices',
        runs: 'every-instance',
        run: () => app.services.priceChangeNotices.run(),
      },
      // Memberships whose notice ran out are closed, and the Direct Debits members stopped are
      // cancelled at the provider: each row is claimed before its change or call, so every instance
      // may run this.
      { name: 'membership-exits', runs: 'every-instance', run: () => app.services.membershipExit.runJobs() },
      // Cancelled bookings' card refunds that failed or stopped half way, tried again with their
      // own reference: each row is claimed (SKIP LOCKED) before the call, so every instance may run this.
      {
        name: 'retry-card-refunds',
        runs: 'every-instance',
        run: () => app.services.bookings.retryCardRefunds(),
      },
      // Cancellations by the centre a stopped process left unfinished, or with a booking made at the
      // moment their sessions were cancelled: each booking moves once under its lock (decision 0095).
      {
        name: 'finish-centre-cancellations',
        runs: 'every-instance',
        run: () => app.services.centreCancellations.finishLeftOver(),
      },
      // Reminders that an opening's waiting room is open: each claimed with its email in one
      // transaction under a dedupe key, so every instance may run this.
      {
        name: 'opening-reminders',
        runs: 'every-instance',
        run: async () => (await app.services.bookingOpenings.reminders?.sendDue()) ?? 0,
      },
      // Queued email; each message is claimed before it is sent, so every instance may run this.
      { name: 'send-email', runs: 'every-instance', run: () => app.services.email.deliverDue() },
      // Dated sessions for the coming weeks, rolled forward as days pass: made once a day across all
      // instances (the first run of the day marks it in job_days, in the same transaction), so every
      // instance may run the job; a session made twice would still be skipped by its unique key.
      { name: 'generate-sessions', runs: 'every-instance', run: () => app.services.sessionGenerator.run() },
      // Places held in baskets past their hold go back on sale; each line is claimed (SKIP LOCKED)
      // as it is released, so every instance may run this (decision 0031).
      {
        name: 'release-held-places',
        runs: 'every-instance',
        run: async () => {
          const released = await app.services.cart.releaseExpired();
          // A released place may have been offered to a waiting list: tell them now.
          if (released > 0) app.services.waitingList.placesFreed();
          return released;
        },
      },
      // Waiting lists (decision 0052): lapsed offers pass to the next in line and new offers are
      // emailed (or booked automatically), each row claimed with SKIP LOCKED, so every instance may run this.
      { name: 'waiting-lists', runs: 'every-instance', run: () => app.services.waitingList.run() },
      // Rate-limit counters no limit reads any more and sessions ended over a day ago are deleted.
      { name: 'clean-up', runs: 'one-instance', run: () => app.services.maintenance.cleanUp() },
    ],
  });
  app.services.email.whenQueued(() => void jobs.nudge('send-email'));
  app.services.waitingList.whenOffered(() => void jobs.nudge('waiting-lists'));
  jobs.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await Promise.all(extraServers.map((server) => new Promise((resolve) => server.close(resolve))));
    await jobs.stop();
    await app.close();
    await card.close();
    await directDebit.close();
    await sandboxClaim?.release();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  // A landed migration that changed, or a second sandbox demo instance, is for whoever deploys to
  // fix, not a crash: its message alone.
  const told =
    error instanceof LandedMigrationError || error instanceof SandboxInUseError ? error.message : undefined;
  process.stderr.write(
    `Lido failed to start: ${told ?? (error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`,
  );
  process.exit(1);
});
