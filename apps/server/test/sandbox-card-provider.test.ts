import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';

/** The sandbox speaks Opayo Pi's error catalogue (payments-reference.md §5.11): each code has a trigger. */
describe('the sandbox card provider', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const msk = async () =>
    String(
      (await sandbox.api('POST', '/merchant-session-keys', { vendorName: 'sandbox' })).body
        .merchantSessionKey,
    );
  const codeOf = (body: Record<string, unknown>) =>
    String((Array.isArray(body.errors) ? (body.errors[0] as { code: string }) : body).code);
  const transaction = async (overrides: Record<string, unknown> = {}, card: Record<string, string> = {}) => {
    const key = await msk();
    const token = await sandbox.tokenise(key, card);
    return {
      key,
      cardIdentifier: String(token.body.cardIdentifier),
      answer: await sandbox.api('POST', '/transactions', {
        transactionType: 'Payment',
        paymentMethod: { card: { merchantSessionKey: key, cardIdentifier: token.body.cardIdentifier } },
        vendorTxCode: `T-${Math.random().toString(36).slice(2)}`,
        amount: 1000,
        currency: 'GBP',
        description: 'Test',
        customerFirstName: 'Sam',
        customerLastName: 'Carter',
        billingAddress: { address1: '88 Street', city: 'Bristol', postalCode: '412', country: 'GB' },
        apply3DSecure: 'Disable',
        ...overrides,
      }),
    };
  };

  it('answers every request error with Opayo’s code and HTTP status', async () => {
    const key = await msk();
    const cases: [Promise<{ status: number; body: Record<string, unknown> }>, number, string][] = [
      [sandbox.api('POST', '/merchant-session-keys', '{not json'), 400, '1000'],
      [sandbox.api('POST', '/merchant-session-keys', { vendorName: 'sandbox' }, ''), 401, '1001'],
      [
        sandbox.api('POST', '/merchant-session-keys', { vendorName: 'sandbox' }, 'Basic d3Jvbmc6d3Jvbmc='),
        401,
        '1002',
      ],
      [sandbox.api('POST', '/merchant-session-keys', {}), 422, '1015'],
      [sandbox.tokenise(key, { cardNumber: '' }), 422, '1003'],
      [sandbox.tokenise(key, { securityCode: '12345' }), 422, '1004'],
      [sandbox.tokenise(key, { cardholderName: 'Sam <b>' }), 422, '1005'],
      [sandbox.api('GET', '/merchant-session-keys/NOPE'), 404, '1006'],
      [sandbox.tokenise(await msk(), { cardNumber: '4929000000000050' }), 422, '1007'],
      [sandbox.tokenise(await msk(), { cardNumber: '6200000000000005' }), 422, '1008'],
      [sandbox.tokenise(await msk(), { expiryDate: '0120' }), 422, '1009'],
      [sandbox.api('GET', '/transactions/00000000-0000-0000-0000-000000000000'), 404, '1012'],
      [sandbox.api('POST', '/transactions', { transactionType: 'Authenticate' }), 403, '1013'],
    ];
    for (const [pending, status, code] of cases) {
      const { status: got, body } = await pending;
      expect({ got, code: codeOf(body) }).toEqual({ got: status, code });
    }
    expect((await transaction({ currency: 'ZZZ' })).answer.status).toBe(422);
    expect(codeOf((await transaction({ currency: 'ZZZ' })).answer.body)).toBe('1010');
    expect(codeOf((await transaction({ amount: 10.5 })).answer.body)).toBe('1016');
    expect(codeOf((await transaction({ apply3DSecure: 'Sometimes' })).answer.body)).toBe('1009');
  });

  it('authorises a test card once; its card identifier cannot be used again (1011)', async () => {
    const { key, cardIdentifier, answer } = await transaction();
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ status: 'Ok', statusCode: '0000', bankAuthorisationCode: '999777' });
    const again = await sandbox.api('POST', '/transactions', {
      transactionType: 'Payment',
      paymentMethod: { card: { merchantSessionKey: key, cardIdentifier } },
      vendorTxCode: 'T-again',
      amount: 1000,
      currency: 'GBP',
      description: 'Test',
      customerFirstName: 'Sam',
      customerLastName: 'Carter',
      billingAddress: { address1: '88', city: 'Bristol', country: 'GB' },
    });
    expect(codeOf(again.body)).toBe('1011');
  });

  it('declines Opayo’s decline cards and the sandbox’s bank codes', async () => {
    expect((await transaction({}, { cardNumber: '4929602110085639' })).answer.body).toMatchObject({
      status: 'NotAuthed',
      statusCode: '2000',
      bankResponseCode: '05',
    });
    expect((await transaction({}, { cardNumber: '4929000000000513' })).answer.body).toMatchObject({
      status: 'NotAuthed',
      bankResponseCode: '51',
      additionalDeclineDetail: { additionalDeclineCategory: '02' },
    });
  });

  it('forces any listed error by cardholder name, 9998 after its delay', async () => {
    for (const code of ['1017', '9999', '9998']) {
      const { answer } = await transaction({}, { cardholderName: `FORCE ${code}` });
      expect(codeOf(answer.body)).toBe(code);
    }
    const token = await sandbox.tokenise(await msk(), { cardholderName: 'TOKENISE FORCE 1002' });
    expect(token.status).toBe(401);
  });

  it('voids once on the same day, refunds no more than was paid, and knows its instructions', async () => {
    const { answer } = await transaction();
    const id = String(answer.body.transactionId);
    expect(codeOf((await sandbox.api('GET', `/transactions/${id}/instructions`)).body)).toBe('1019');
    const refund = (amount: number, code: string) =>
      sandbox.api('POST', '/transactions', {
        transactionType: 'Refund',
        referenceTransactionId: id,
        vendorTxCode: code,
        amount,
        description: 'Refund',
      });
    expect((await refund(600, 'R-1')).status).toBe(201);
    expect(codeOf((await refund(600, 'R-2')).body)).toBe('1018');
    expect(
      (await sandbox.api('POST', `/transactions/${id}/instructions`, { instructionType: 'void' })).status,
    ).toBe(201);
    expect(
      codeOf(
        (await sandbox.api('POST', `/transactions/${id}/instructions`, { instructionType: 'void' })).body,
      ),
    ).toBe('1014');
    const declined = await transaction({}, { cardNumber: '4929602110085639' });
    const voidDeclined = await sandbox.api(
      'POST',
      `/transactions/${String(declined.answer.body.transactionId)}/instructions`,
      {
        instructionType: 'void',
      },
    );
    expect(codeOf(voidDeclined.body)).toBe('1017');
  });

  it('releases a deferred payment once, never above its amount (1021)', async () => {
    const { answer } = await transaction({ transactionType: 'Deferred' });
    const id = String(answer.body.transactionId);
    const release = (amount: number) =>
      sandbox.api('POST', `/transactions/${id}/instructions`, { instructionType: 'release', amount });
    expect(codeOf((await release(2000)).body)).toBe('1021');
    expect((await release(1000)).status).toBe(201);
  });

  it('saves a card only after a challenge, and refuses to save it twice (1020)', async () => {
    const key = await msk();
    const token = await sandbox.tokenise(key);
    const body = {
      transactionType: 'Payment',
      paymentMethod: {
        card: { merchantSessionKey: key, cardIdentifier: token.body.cardIdentifier, save: true },
      },
      credentialType: { cofUsage: 'First', initiatedType: 'CIT', mitType: 'Unscheduled' },
      vendorTxCode: 'T-save',
      amount: 500,
      currency: 'GBP',
      description: 'Test',
      customerFirstName: 'Sam',
      customerLastName: 'Carter',
      billingAddress: { address1: '88', city: 'Bristol', country: 'GB' },
      strongCustomerAuthentication: {
        notificationURL: 'http://localhost:3002/n',
        browserIP: '127.0.0.1',
        browserAcceptHeader: '*/*',
        browserJavascriptEnabled: true,
        browserUserAgent: 'test',
        challengeWindowSize: 'Medium',
        transType: 'GoodsAndServicePurchase',
        browserLanguage: 'en-GB',
      },
    };
    const challenged = await sandbox.api('POST', '/transactions', body);
    expect(challenged.status).toBe(202);
    expect(challenged.body).toMatchObject({ status: '3DAuth', statusCode: '2021' });
    const { cres } = await sandbox.control(`/acs/${String(challenged.body.acsTransId)}/complete`, {
      result: 'Y',
    });
    const tampered = await sandbox.api(
      'POST',
      `/transactions/${String(challenged.body.transactionId)}/3d-secure-challenge`,
      {
        cRes: `${String(cres)}x`,
      },
    );
    expect(codeOf(tampered.body)).toBe('1009');
    const done = await sandbox.api(
      'POST',
      `/transactions/${String(challenged.body.transactionId)}/3d-secure-challenge`,
      { cRes: cres },
    );
    expect(done.body).toMatchObject({ status: 'Ok', paymentMethod: { card: { reusable: true } } });
    const replay = await sandbox.api(
      'POST',
      `/transactions/${String(challenged.body.transactionId)}/3d-secure-challenge`,
      { cRes: cres },
    );
    expect(codeOf(replay.body)).toBe('1014');
    const key2 = await msk();
    const saveAgain = await sandbox.api('POST', '/transactions', {
      ...body,
      vendorTxCode: 'T-save-2',
      paymentMethod: {
        card: {
          merchantSessionKey: key2,
          cardIdentifier: token.body.cardIdentifier,
          reusable: true,
          save: true,
        },
      },
    });
    expect(codeOf(saveAgain.body)).toBe('1020');
  });

  it('charges a saved card merchant-initiated only as a subsequent use, and never challenges it', async () => {
    const mit = { cofUsage: 'Subsequent', initiatedType: 'MIT', mitType: 'Unscheduled' };
    const charge = async (cardholderName: string, credentialType: unknown, vendorTxCode: string) => {
      const saved = await sandbox.control('/reusable-cards', { cardholderName });
      return sandbox.api('POST', '/transactions', {
        transactionType: 'Payment',
        paymentMethod: {
          card: { merchantSessionKey: await msk(), cardIdentifier: saved.cardIdentifier, reusable: true },
        },
        ...(credentialType === undefined ? {} : { credentialType }),
        vendorTxCode,
        amount: 650,
        currency: 'GBP',
        description: 'Waiting list: Spin',
        customerFirstName: 'Sam',
        customerLastName: 'Carter',
        billingAddress: { address1: '88 Harbour Road', city: 'Bristol', country: 'GB' },
        entryMethod: 'Ecommerce',
      });
    };
    const paid = await charge('SAM CARTER', mit, 'T-mit-ok');
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ status: 'Ok', '3DSecure': { status: 'NotChecked' } });
    // Nobody is there to authenticate: a card that would be challenged is soft-declined.
    const strict = await charge('CHALLENGE', mit, 'T-mit-challenge');
    expect(strict.body).toMatchObject({ status: 'NotAuthed', statusCode: '2000', bankResponseCode: '65' });
    // A saved card's use must say how it is used, and a merchant-initiated one why.
    expect(codeOf((await charge('SAM CARTER', undefined, 'T-mit-none')).body)).toBe('1003');
    expect(codeOf((await charge('SAM CARTER', { ...mit, mitType: undefined }, 'T-mit-why')).body)).toBe(
      '1003',
    );
    expect(codeOf((await charge('SAM CARTER', { ...mit, cofUsage: 'First' }, 'T-mit-first')).body)).toBe(
      '1009',
    );
    expect(codeOf((await charge('SAM CARTER', { ...mit, mitType: 'Whenever' }, 'T-mit-bad')).body)).toBe(
      '1009',
    );
  });

  it('removes a merchant session key after three failed card attempts', async () => {
    const key = await msk();
    for (let i = 0; i < 3; i++) await sandbox.tokenise(key, { cardNumber: '4929000000000050' });
    expect((await sandbox.tokenise(key)).status).toBe(401);
  });

  it('shows its card frame only to our sites', async () => {
    const frame = (parent: string) =>
      fetch(`${sandbox.origin}/sandbox/opayo/frame/card?msk=x&parentOrigin=${encodeURIComponent(parent)}`);
    const ours = await frame('http://localhost:3002');
    expect(ours.status).toBe(200);
    expect(ours.headers.get('content-security-policy')).toContain('frame-ancestors http://localhost:3002');
    expect((await frame('https://evil.example')).status).toBe(403);
  });
});

describe('the sandbox card provider across a restart', () => {
  it('still knows a saved card after stopping and starting, and forgets a deleted one', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-card-restart-'));
    const cardsFile = path.join(dataDir, 'sandbox-card', 'reusable-cards.json');
    try {
      const first = await startTestSandbox({ dataDir });
      const kept = String(
        (await first.control('/reusable-cards', { cardholderName: 'PAT LEE' })).cardIdentifier,
      );
      const dropped = String(
        (await first.control('/reusable-cards', { cardholderName: 'ALEX SMITH' })).cardIdentifier,
      );
      expect((await first.api('DELETE', `/card-identifiers/${dropped}`)).status).toBe(200);
      // Written behind, not per call: nothing has reached the file yet.
      expect(fs.existsSync(cardsFile)).toBe(false);
      await first.close();

      expect(fs.readdirSync(path.dirname(cardsFile)).sort()).toEqual([
        'reusable-cards.json',
        'transactions.json',
      ]);
      const second = await startTestSandbox({ dataDir });
      try {
        expect((await second.api('DELETE', `/card-identifiers/${kept}`)).status).toBe(200);
        const forgotten = await second.api('DELETE', `/card-identifiers/${dropped}`);
        expect(forgotten.status).toBe(422);
        expect(forgotten.body).toMatchObject({ errors: [{ code: '1011' }] });
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('still knows a payment after a crash, so the reconciler and refunds find it (issue 33 item 10)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-card-crash-'));
    const transactionsFile = path.join(dataDir, 'sandbox-card', 'transactions.json');
    const first = await startTestSandbox({ dataDir });
    let second: TestSandbox | undefined;
    try {
      const key = String(
        (await first.api('POST', '/merchant-session-keys', { vendorName: 'sandbox' })).body
          .merchantSessionKey,
      );
      const token = await first.tokenise(key);
      const vendorTxCode = `CRASH-${Math.random().toString(36).slice(2)}`;
      const paid = await first.api('POST', '/transactions', {
        transactionType: 'Payment',
        paymentMethod: { card: { merchantSessionKey: key, cardIdentifier: token.body.cardIdentifier } },
        vendorTxCode,
        amount: 2960,
        currency: 'GBP',
        description: 'Crash test',
        customerFirstName: 'Sam',
        customerLastName: 'Carter',
        billingAddress: { address1: '88 Street', city: 'Bristol', postalCode: '412', country: 'GB' },
        apply3DSecure: 'Disable',
      });
      expect(paid.body).toMatchObject({ status: 'Ok' });
      const transactionId = String(paid.body.transactionId);
      // No close and no flush, as when the process is killed: the write behind reaches the disk alone.
      await expect
        .poll(() => (fs.existsSync(transactionsFile) ? fs.readFileSync(transactionsFile, 'utf8') : ''), {
          timeout: 5000,
        })
        .toContain(transactionId);

      second = await startTestSandbox({ dataDir });
      const found = await second.api('GET', `/transactions/${transactionId}`);
      expect(found.status).toBe(200);
      expect(found.body).toMatchObject({ transactionId, amount: { totalAmount: 2960 }, status: 'Ok' });
      const refunded = await second.api('POST', '/transactions', {
        transactionType: 'Refund',
        referenceTransactionId: transactionId,
        vendorTxCode: `${vendorTxCode}-R`,
        amount: 2960,
        description: 'Refund after the crash',
      });
      expect(refunded.body).toMatchObject({ status: 'Ok' });
    } finally {
      await first.close();
      await second?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps a bounded log of API calls for the control endpoint', async () => {
    const sandbox = await startTestSandbox();
    try {
      for (let batch = 0; batch < 67; batch += 1)
        await Promise.all(
          Array.from({ length: 15 }, () => sandbox.api('GET', '/merchant-session-keys/NOPE')),
        );
      await sandbox.api('POST', '/merchant-session-keys', { vendorName: 'sandbox' });
      const { events } = (await sandbox.control('/events')) as { events: { method: string }[] };
      expect(events).toHaveLength(1000);
      expect(events.at(-1)).toMatchObject({ method: 'POST' });
    } finally {
      await sandbox.close();
    }
  });
});
