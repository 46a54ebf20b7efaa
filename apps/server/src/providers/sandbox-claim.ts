import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';

/**
 * The built-in card and Direct Debit sandboxes keep their payments, cards and mandates in the
 * process that runs them (and its data folder). Behind a load balancer a second instance would
 * run sandboxes of its own, so a card frame tokenised at one instance's sandbox and authorised
 * through the other's fails, and each instance's Direct Debits are unknown to the other. A demo
 * in production (LIDO_ALLOW_SANDBOX_IN_PRODUCTION) therefore runs on one instance: it holds a
 * lock on the database for as long as it lives, and a second instance refuses to start, saying
 * why (decision 0093). The lock goes with the holder's connection, so a crashed or stopped
 * instance frees it at once; a restart waits briefly for it. Development and test runs are
 * exempt: their instances each talk to their own sandbox on purpose.
 */
export class SandboxInUseError extends Error {
  constructor() {
    super(
      'Another Lido instance on this database is already running the card and Direct Debit sandboxes ' +
        '(LIDO_ALLOW_SANDBOX_IN_PRODUCTION). They keep their state in that process, so a second ' +
        'instance would fail about half of the card payments it takes. Run a sandbox demo as one ' +
        'instance, or configure real providers (LIDO_CARD_PROVIDER, LIDO_DIRECT_DEBIT_PROVIDER) to run several.',
    );
    this.name = 'SandboxInUseError';
  }
}

/** Whether this start runs a sandbox where another instance could share its database. */
export function needsSandboxClaim(config: Pick<Config, 'env' | 'card' | 'directDebit'>): boolean {
  return (
    config.env === 'production' &&
    (config.card.provider === 'sandbox' || config.directDebit.provider === 'sandbox')
  );
}

export interface SandboxClaim {
  /** lets the next instance start (shutdown) */
  release(): Promise<void>;
}

/**
 * Takes the database's sandbox lock and keeps it until `release()`. Tries again every
 * `retryMs` for `waitMs` (a restarting instance's old connection may still be closing), then
 * throws SandboxInUseError.
 */
export async function claimSandboxes(
  database: Pick<DatabaseHandle, 'withLock'>,
  options: { waitMs?: number; retryMs?: number } = {},
): Promise<SandboxClaim> {
  const waitMs = options.waitMs ?? 10_000;
  const retryMs = options.retryMs ?? 500;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const claim = await tryClaim(database);
    if (claim) return claim;
    if (Date.now() >= deadline) throw new SandboxInUseError();
    await new Promise((resolve) => setTimeout(resolve, retryMs));
  }
}

async function tryClaim(database: Pick<DatabaseHandle, 'withLock'>): Promise<SandboxClaim | undefined> {
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let answer!: (held: boolean) => void;
  let fail!: (error: unknown) => void;
  const granted = new Promise<boolean>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  // The lock is held while this work waits; withLock gives it back when the work ends.
  const holding = database.withLock(
    'card-and-direct-debit-sandboxes',
    async () => {
      answer(true);
      await released;
    },
    { wait: false },
  );
  holding.then(
    (outcome) => {
      if (!outcome.acquired) answer(false);
    },
    // A database that can't be asked is its own failure, not another instance's sandbox.
    (error: unknown) => fail(error),
  );
  if (!(await granted)) return undefined;
  return {
    release: async () => {
      letGo();
      await holding.catch(() => undefined);
    },
  };
}
