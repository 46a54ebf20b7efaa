import { afterAll, beforeAll, describe, expect } from 'vitest';
import { cardProviderContract } from './support/card-provider-contract.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';

describe('the Opayo adapter against the built-in sandbox (the card provider contract)', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const names = { frictionless: 'SAM CARTER', challenge: 'CHALLENGE', decline: 'SAM CARTER' };
  cardProviderContract({
    provider: () => sandbox.provider,
    async card(session, scenario) {
      const token = await sandbox.tokenise(session.sessionKey, {
        cardholderName: names[scenario],
        cardNumber: scenario === 'decline' ? '4929602110085639' : '4929000000006',
      });
      expect(token.status).toBe(201);
      return {
        kind: 'new',
        sessionKey: session.sessionKey,
        cardIdentifier: String(token.body.cardIdentifier),
        save: false,
      };
    },
    async answerChallenge(outcome, pass) {
      const creq = JSON.parse(Buffer.from(outcome.scaData!.creq!, 'base64url').toString()) as {
        acsTransID: string;
      };
      const answer = await sandbox.control(`/acs/${creq.acsTransID}/complete`, { result: pass ? 'Y' : 'N' });
      return { cres: String(answer.cres) };
    },
  });
});
