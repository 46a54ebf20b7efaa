import { directDebitContract } from './support/direct-debit-contract.ts';
import { startTestGoCardless } from './support/gocardless-sandbox.ts';

// The GoCardless HTTP adapter (the one production uses) against the built-in sandbox.
directDebitContract('GoCardless adapter on the sandbox', async () => {
  const gc = await startTestGoCardless();
  return {
    client: gc.client,
    today: () => gc.sandbox.engine.today(),
    advanceWorkingDays: async (days) => gc.sandbox.advanceWorkingDays(days),
    close: () => gc.close(),
  };
});
