/* eslint-disable max-lines -- the card sandbox's whole HTTP API in one place, mirroring the provider's reference */
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { encodeCreq, verifyCres, windowSizeCodes } from './cres.ts';
import { OpayoError, type OpayoErrorCode, isOpayoErrorCode } from './opayo-errors.ts';
import type { CardIdentifier, SandboxSettings, SandboxStore, SandboxTransaction } from './sandbox-store.ts';
import { lookUpCard, matchingSecurityCode } from './test-cards.ts';

/**
 * The Opayo Pi REST API as the sandbox serves it (payments-reference.md §1 and §5.4): the same paths,
 * shapes, status codes and error codes, so the production Opayo adapter runs against it unchanged.
 */
interface SandboxApiOptions {
  store: SandboxStore;
  settings: () => SandboxSettings;
  now: () => number;
  vendorName: string;
  integrationKey: string;
  integrationPassword: string;
  cresSecret: string;
  /** the origin the browser reaches the sandbox on (for acsUrl) */
  publicBase: () => string;
  /** requests that must never answer (the HANG name) are parked here until the server closes */
  hanging: Set<() => void>;
}

type Json = Record<string, unknown>;

const forcedName = /^FORCE (\d{4})$/;
const slowName = /^SLOW (\d{1,5})$/;
const namePattern = /^[A-Za-z0-9 '.,&\-/]*$/;
const enabledCurrencies = new Set(['GBP', 'EUR', 'USD']);

function basicAuth(request: FastifyRequest, options: SandboxApiOptions): void {
  const header = request.headers.authorization;
  if (!header) throw new OpayoError(1001);
  const expected = Buffer.from(`${options.integrationKey}:${options.integrationPassword}`).toString('base64');
  if (header !== `Basic ${expected}`) throw new OpayoError(1002);
}

function requireBody(request: FastifyRequest): Json {
  const body = request.body;
  if (body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0))
    throw new OpayoError(1015);
  if (typeof body !== 'object' || Array.isArray(body)) throw new OpayoError(1000);
  return body as Json;
}

function at(body: Json, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Json | undefined)?.[key], body);
}

function required(body: Json, path: string): unknown {
  const value = at(body, path);
  if (value === undefined || value === null || value === '')
    throw new OpayoError(1003, path, `The ${path} is required`);
  return value;
}

function text(body: Json, path: string, max: number, options: { required?: boolean; pattern?: RegExp } = {}) {
  const value = options.required ? required(body, path) : at(body, path);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new OpayoError(1009, path, `The ${path} is not valid`);
  if (value.length > max) throw new OpayoError(1004, path, `The ${path} is too long`);
  if (options.pattern && !options.pattern.test(value))
    throw new OpayoError(1005, path, `The ${path} contains invalid characters`);
  return value;
}

function oneOf<T extends string>(body: Json, path: string, values: readonly T[], fallback: T): T {
  const value = at(body, path);
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !values.includes(value as T))
    throw new OpayoError(1009, path, `The ${path} is not a valid value`);
  return value as T;
}

function expiryInFuture(mmyy: string, now: number): boolean {
  const month = Number(mmyy.slice(0, 2));
  const year = 2000 + Number(mmyy.slice(2));
  if (month < 1 || month > 12) return false;
  const date = new Date(now);
  return year > date.getUTCFullYear() || (year === date.getUTCFullYear() && month >= date.getUTCMonth() + 1);
}

export function registerSandboxApi(app: FastifyInstance, prefix: string, options: SandboxApiOptions): void {
  const { store, now } = options;
  const settings = options.settings;

  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof OpayoError) return reply.status(error.httpStatus).send(error.body());
    // Fastify's own JSON parse failures and wrong content types are Opayo's "incorrect request format".
    if (status === 400 || status === 415) return reply.status(400).send(new OpayoError(1000).body());
    request.log.error({ err: error }, 'sandbox card provider failed');
    return reply.status(500).send(new OpayoError(9999).body());
  });

  // ---- merchant session keys ----
  app.post(`${prefix}/merchant-session-keys`, async (request, reply) => {
    basicAuth(request, options);
    const body = requireBody(request);
    const vendorName = text(body, 'vendorName', 15, { required: true });
    if (vendorName !== options.vendorName) throw new OpayoError(1002);
    const msk = store.newMsk(settings().mskTtlSeconds);
    return reply
      .status(201)
      .send({ merchantSessionKey: msk.key, expiry: new Date(msk.expiresAt).toISOString() });
  });

  app.get<{ Params: { msk: string } }>(`${prefix}/merchant-session-keys/:msk`, async (request) => {
    basicAuth(request, options);
    const msk = store.liveMsk(request.params.msk);
    if (!msk) throw new OpayoError(1006);
    return { merchantSessionKey: msk.key, expiry: new Date(msk.expiresAt).toISOString() };
  });

  // ---- card identifiers (Bearer MSK; called from the card frame, never from the app's server) ----
  function bearerMsk(request: FastifyRequest) {
    const header = request.headers.authorization;
    if (!header) throw new OpayoError(1001);
    const key = /^Bearer (.+)$/.exec(header)?.[1];
    const msk = key ? store.liveMsk(key) : undefined;
    if (!msk || msk.state !== 'active') throw new OpayoError(1002);
    return msk;
  }

  app.post(`${prefix}/card-identifiers`, async (request, reply) => {
    const msk = bearerMsk(request);
    try {
      const body = requireBody(request);
      const name = text(body, 'cardDetails.cardholderName', 45, { required: true, pattern: namePattern })!;
      const forced = /^TOKENISE FORCE (\d{4})$/.exec(name.trim().toUpperCase());
      if (forced && isOpayoErrorCode(Number(forced[1])))
        throw new OpayoError(Number(forced[1]) as OpayoErrorCode);
      const number = text(body, 'cardDetails.cardNumber', 16, { required: true, pattern: /^\d+$/ })!;
      const expiry = text(body, 'cardDetails.expiryDate', 4, { required: true, pattern: /^\d{4}$/ })!;
      const code = text(body, 'cardDetails.securityCode', 4, { pattern: /^\d+$/ });
      const lookup = lookUpCard(number);
      if (lookup.kind === 'invalid')
        throw new OpayoError(1007, 'cardDetails.cardNumber', 'The card number is invalid');
      if (lookup.kind === 'unsupported')
        throw new OpayoError(1008, 'cardDetails.cardNumber', 'The card type is not supported');
      if (!expiryInFuture(expiry, now()))
        throw new OpayoError(1009, 'cardDetails.expiryDate', 'The expiry date has passed');
      const { brand } = lookup.scenario;
      if (code !== undefined && code.length !== (brand === 'AmericanExpress' ? 4 : 3))
        throw new OpayoError(1004, 'cardDetails.securityCode', 'The security code is the wrong length');
      const card: CardIdentifier = {
        id: randomUUID().toUpperCase(),
        msk: msk.key,
        brand,
        lastFour: number.slice(-4),
        expiryDate: expiry,
        cardholderName: name,
        scenario: lookup.scenario,
        securityCodeMatches: code === undefined ? undefined : code === matchingSecurityCode(brand),
        expiresAt: now() + settings().cardIdentifierTtlSeconds * 1000,
        state: 'active',
      };
      store.cards.set(card.id, card);
      msk.state = 'used';
      return reply.status(201).send({
        cardIdentifier: card.id,
        expiry: new Date(card.expiresAt).toISOString(),
        cardType: brand,
      });
    } catch (error) {
      // Three failed attempts remove the key (Opayo behaviour).
      msk.failedAttempts += 1;
      if (msk.failedAttempts >= 3) msk.state = 'removed';
      throw error;
    }
  });

  app.post<{ Params: { id: string } }>(
    `${prefix}/card-identifiers/:id/security-code`,
    async (request, reply) => {
      const msk = bearerMsk(request);
      const body = requireBody(request);
      const code = text(body, 'securityCode', 4, { required: true, pattern: /^\d+$/ })!;
      const card = store.cards.get(request.params.id.toUpperCase()) ?? store.cards.get(request.params.id);
      if (!card || card.state !== 'reusable') throw new OpayoError(1011);
      if (code.length !== (card.brand === 'AmericanExpress' ? 4 : 3))
        throw new OpayoError(1004, 'securityCode', 'The security code is the wrong length');
      card.securityCodeMatches = code === matchingSecurityCode(card.brand);
      card.securityCodeMsk = msk.key;
      msk.state = 'used';
      return reply.status(204).send();
    },
  );

  app.delete<{ Params: { id: string } }>(`${prefix}/card-identifiers/:id`, async (request) => {
    basicAuth(request, options);
    const card = store.cards.get(request.params.id);
    if (!card || card.state === 'deleted') throw new OpayoError(1011);
    card.state = 'deleted';
    store.persistReusable();
    return {};
  });

  // ---- transactions ----
  app.post(`${prefix}/transactions`, async (request, reply) => {
    basicAuth(request, options);
    const body = requireBody(request);
    const type = required(body, 'transactionType');
    if (typeof type !== 'string' || !['Payment', 'Deferred', 'Refund', 'Repeat'].includes(type))
      throw new OpayoError(1013);
    if (type === 'Refund') return reply.status(201).send(refund(body));
    const vendorTxCode = text(body, 'vendorTxCode', 40, { required: true })!;
    // As Opayo: a reference is used once, so a repeated refund is refused rather than paid twice.
    if (store.byVendorTxCode(vendorTxCode).length > 0)
      throw new OpayoError(1009, 'vendorTxCode', 'The vendorTxCode has been used before');
    const amount = required(body, 'amount');
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
      throw new OpayoError(1016, 'amount', 'The amount must be a whole number of pence');
    const currency = text(body, 'currency', 3, { required: true })!;
    if (!enabledCurrencies.has(currency)) throw new OpayoError(1010, 'currency');
    const description = text(body, 'description', 100, { required: true })!;
    text(body, 'customerFirstName', 20, { required: true, pattern: namePattern });
    text(body, 'customerLastName', 20, { required: true, pattern: namePattern });
    const address1 = text(body, 'billingAddress.address1', 50, { required: true })!;
    text(body, 'billingAddress.address2', 50);
    text(body, 'billingAddress.city', 40, { required: true });
    const postalCode = text(body, 'billingAddress.postalCode', 10) ?? '';
    text(body, 'billingAddress.country', 2, { required: true, pattern: /^[A-Z]{2}$/ });
    const apply3DSecure = oneOf(
      body,
      'apply3DSecure',
      ['UseMSPSetting', 'Force', 'Disable', 'ForceIgnoringRules'],
      'UseMSPSetting',
    );
    const applyAvsCvcCheck = oneOf(
      body,
      'applyAvsCvcCheck',
      ['UseMSPSetting', 'Force', 'Disable', 'ForceIgnoringRules'],
      'UseMSPSetting',
    );
    const sca = at(body, 'strongCustomerAuthentication') as Json | undefined;
    if (sca) {
      text(body, 'strongCustomerAuthentication.notificationURL', 256, { required: true });
      text(body, 'strongCustomerAuthentication.browserIP', 39, { required: true });
      oneOf(
        body,
        'strongCustomerAuthentication.browserColorDepth',
        ['1', '4', '8', '15', '16', '24', '32', '48'],
        '24',
      );
      oneOf(
        body,
        'strongCustomerAuthentication.challengeWindowSize',
        ['Small', 'Medium', 'Large', 'ExtraLarge', 'FullScreen'],
        'Medium',
      );
    }
    const msk = store.liveMsk(String(required(body, 'paymentMethod.card.merchantSessionKey')));
    if (!msk) throw new OpayoError(1006);
    const cardId = String(required(body, 'paymentMethod.card.cardIdentifier'));
    const reusable = at(body, 'paymentMethod.card.reusable') === true;
    const save = at(body, 'paymentMethod.card.save') === true;
    const card = store.cards.get(cardId);
    if (reusable) {
      if (!card || card.state !== 'reusable') throw new OpayoError(1011);
      if (save) throw new OpayoError(1020, 'paymentMethod.card.save');
    } else if (!card || card.state !== 'active' || card.expiresAt <= now() || card.msk !== msk.key) {
      throw new OpayoError(1011);
    }
    if (store.byVendorTxCode(vendorTxCode).length > 0)
      throw new OpayoError(1009, 'vendorTxCode', 'The vendorTxCode has been used before');
    const credentialType = credentialTypeOf(body, { reusable, save });
    const merchantInitiated = credentialType?.initiatedType === 'MIT';

    const name = card.cardholderName.trim().toUpperCase();
    const forced = forcedName.exec(name);
    if (forced && isOpayoErrorCode(Number(forced[1]))) {
      const code = Number(forced[1]) as OpayoErrorCode;
      if (code === 9998) await new Promise((resolve) => setTimeout(resolve, settings().timeoutDelayMs));
      throw new OpayoError(code);
    }
    const slow = slowName.exec(name);
    if (slow) await new Promise((resolve) => setTimeout(resolve, Number(slow[1])));

    const tx: SandboxTransaction = {
      transactionId: randomUUID().toUpperCase(),
      vendorTxCode,
      transactionType: type as 'Payment',
      createdAt: now(),
      amount,
      currency,
      description,
      card,
      save,
      ...(credentialType ? { credentialType } : {}),
      status: 'Error',
      statusCode: '5000',
      statusDetail: '',
      instructions: [],
      refundedAmount: 0,
    };
    store.transactions.set(tx.transactionId, tx);

    // Address and security code checks (the magic values: address 88, postcode 412, CVV 123).
    const codeMatches = reusable
      ? card.securityCodeMsk === msk.key
        ? card.securityCodeMatches
        : undefined
      : card.securityCodeMatches;
    const check = {
      address: address1.startsWith('88') ? 'Matched' : 'NotMatched',
      postalCode: postalCode.includes('412') ? 'Matched' : 'NotMatched',
      securityCode: codeMatches === undefined ? 'NotProvided' : codeMatches ? 'Matched' : 'NotMatched',
    };
    tx.avsCvcCheck = {
      status:
        check.address === 'Matched' && check.securityCode === 'Matched'
          ? 'AllMatched'
          : check.securityCode === 'Matched'
            ? 'SecurityCodeMatchOnly'
            : check.address === 'Matched'
              ? 'AddressMatchOnly'
              : 'NoMatches',
      ...check,
    };
    const strictChecks =
      applyAvsCvcCheck === 'Force' ||
      (applyAvsCvcCheck === 'UseMSPSetting' && settings().profile === 'extraChecks');
    if (strictChecks && Object.values(check).includes('NotMatched')) {
      settle(tx, 'Rejected', '2001', 'The Authorisation was Rejected by the vendor rule-base.', '00');
      return reply.status(201).send(view(tx));
    }
    if (reusable && check.securityCode === 'NotMatched') {
      // A wrong security code on a saved card is declined by the bank even without strict checks.
      settle(tx, 'NotAuthed', '2000', 'The Authorisation was Declined by the bank.', '05');
      return reply.status(201).send(view(tx));
    }

    if (merchantInitiated) {
      // A merchant-initiated charge is out of scope of 3-D Secure: nobody is there to authenticate,
      // so a card whose issuer would ask for it is declined (soft decline 65), never challenged.
      tx.threeDSecureStatus = 'NotChecked';
      if (card.scenario.always3ds || name.startsWith('CHALLENGE'))
        settle(tx, 'NotAuthed', '2000', 'The Authorisation was Declined by the bank.', '65');
      else authorise(tx);
      return reply.status(201).send(view(tx));
    }
    const softDecline = card.scenario.outcome.kind === 'soft-decline';
    // Both sandbox profiles have 3-D Secure on, so only Disable skips it (Maestro, saving a card
    // and soft declines need it anyway, and Disable is what the vendor asked for).
    const threeDs = apply3DSecure !== 'Disable';
    if (!threeDs) {
      tx.threeDSecureStatus = 'NotChecked';
      authorise(tx);
      return reply.status(201).send(view(tx));
    }
    const challenge =
      name === 'CHALLENGE' || name === 'CHALLENGE SLOW' || softDecline || (save && name !== 'SUCCESSFUL');
    if (challenge) {
      if (!sca) throw new OpayoError(1003, 'strongCustomerAuthentication');
      tx.status = '3DAuth';
      tx.statusCode = '2021';
      tx.statusDetail = 'Please redirect your customer to the ACSURL to complete the 3DS Transaction';
      tx.acsTransId = randomUUID();
      tx.dsTransId = randomUUID();
      tx.notificationURL = String(at(sca, 'notificationURL'));
      const creq = encodeCreq({
        messageType: 'CReq',
        messageVersion: '2.2.0',
        threeDSServerTransID: tx.transactionId,
        acsTransID: tx.acsTransId,
        challengeWindowSize: windowSizeCodes[String(at(sca, 'challengeWindowSize') ?? 'Medium')] ?? '02',
      });
      return reply.status(202).send({
        statusCode: tx.statusCode,
        statusDetail: tx.statusDetail,
        transactionId: tx.transactionId,
        acsTransId: tx.acsTransId,
        dsTransId: tx.dsTransId,
        acsUrl: `${options.publicBase()}/acs/challenge`,
        cReq: creq,
        status: '3DAuth',
      });
    }
    const frictionless = frictionlessOutcome(name, settings());
    tx.threeDSecureStatus = frictionless;
    if (rejects3ds(frictionless, settings())) {
      settle(
        tx,
        'Rejected',
        '4026',
        "3D-Authentication failed. This vendor's rules require a successful 3D-Authentication.",
      );
      return reply.status(201).send(view(tx));
    }
    if (name === 'HANG') {
      // The transaction is authorised, but the answer never comes: the caller's timeout fires and
      // its reconciliation has to find out what happened (payments-reference.md §5.10).
      authorise(tx);
      await new Promise<void>((resolve) => options.hanging.add(resolve));
      return reply.status(201).send(view(tx));
    }
    authorise(tx);
    return reply.status(201).send(view(tx));
  });

  app.get<{ Params: { id: string } }>(`${prefix}/transactions/:id`, async (request) => {
    basicAuth(request, options);
    const tx = store.transactions.get(request.params.id);
    if (!tx) throw new OpayoError(1012);
    return view(tx);
  });

  app.post<{ Params: { id: string } }>(
    `${prefix}/transactions/:id/3d-secure-challenge`,
    async (request, reply) => {
      basicAuth(request, options);
      const body = requireBody(request);
      const cRes = text(body, 'cRes', 4096, { required: true })!;
      const tx = store.transactions.get(request.params.id);
      if (!tx) throw new OpayoError(1012);
      if (tx.status !== '3DAuth' || now() - tx.createdAt > settings().cresWindowSeconds * 1000)
        throw new OpayoError(1014);
      const result = verifyCres(cRes, options.cresSecret);
      if (!result || result.acsTransID !== tx.acsTransId)
        throw new OpayoError(1009, 'cRes', 'The cRes is not valid');
      tx.challengeDone = true;
      if (result.transStatus === 'Y') {
        tx.threeDSecureStatus = 'Authenticated';
        // A soft decline asked for the challenge; once authenticated the bank approves.
        authorise(tx, { afterChallenge: true });
      } else {
        tx.threeDSecureStatus = result.transStatus === 'U' ? 'Incomplete' : 'NotAuthenticated';
        settle(
          tx,
          'Rejected',
          '4026',
          "3D-Authentication failed. This vendor's rules require a successful 3D-Authentication.",
        );
      }
      return reply.status(201).send(view(tx));
    },
  );

  app.post<{ Params: { id: string } }>(`${prefix}/transactions/:id/instructions`, async (request, reply) => {
    basicAuth(request, options);
    const body = requireBody(request);
    const instructionType = oneOf(body, 'instructionType', ['void', 'abort', 'release', 'cancel'], 'void');
    const tx = store.transactions.get(request.params.id);
    if (!tx) throw new OpayoError(1012);
    const sameDay =
      new Date(tx.createdAt).toISOString().slice(0, 10) === new Date(now()).toISOString().slice(0, 10);
    if (instructionType === 'void') {
      if (tx.transactionType !== 'Payment' || tx.status !== 'Ok' || !sameDay) throw new OpayoError(1017);
      if (tx.instructions.some((instruction) => instruction.instructionType === 'void'))
        throw new OpayoError(1014);
    } else if (instructionType === 'release') {
      if (tx.transactionType !== 'Deferred') throw new OpayoError(1014);
      if (tx.instructions.length > 0) throw new OpayoError(1017);
      const amount = Number(at(body, 'amount') ?? tx.amount);
      if (amount > tx.amount) throw new OpayoError(1021);
    } else if (instructionType === 'abort') {
      if (tx.transactionType !== 'Deferred' || tx.instructions.length > 0) throw new OpayoError(1017);
    } else {
      throw new OpayoError(1013);
    }
    const instruction = { instructionType, date: new Date(now()).toISOString() };
    tx.instructions.push(instruction);
    return reply.status(201).send(instruction);
  });

  app.get<{ Params: { id: string } }>(`${prefix}/transactions/:id/instructions`, async (request) => {
    basicAuth(request, options);
    const tx = store.transactions.get(request.params.id);
    if (!tx) throw new OpayoError(1012);
    if (tx.instructions.length === 0) throw new OpayoError(1019);
    return { instructions: tx.instructions };
  });

  function refund(body: Json) {
    const reference = String(required(body, 'referenceTransactionId'));
    const vendorTxCode = text(body, 'vendorTxCode', 40, { required: true })!;
    const amount = required(body, 'amount');
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
      throw new OpayoError(1016, 'amount');
    const original = store.transactions.get(reference);
    if (!original) throw new OpayoError(1012);
    if (original.status !== 'Ok') throw new OpayoError(1017);
    if (original.refundedAmount + amount > original.amount) throw new OpayoError(1018);
    original.refundedAmount += amount;
    const tx: SandboxTransaction = {
      ...original,
      transactionId: randomUUID().toUpperCase(),
      vendorTxCode,
      transactionType: 'Refund',
      createdAt: now(),
      amount,
      instructions: [],
      refundedAmount: 0,
      referenceTransactionId: reference,
    };
    settle(tx, 'Ok', '0000', 'The Authorisation was Successful.', '00');
    store.transactions.set(tx.transactionId, tx);
    return view(tx);
  }

  function authorise(tx: SandboxTransaction, options: { afterChallenge?: boolean } = {}) {
    const outcome = tx.card!.scenario.outcome;
    if (outcome.kind === 'ok' || (outcome.kind === 'soft-decline' && options.afterChallenge)) {
      settle(tx, 'Ok', '0000', 'The Authorisation was Successful.', '00');
      tx.bankAuthorisationCode = '999777';
      const card = tx.card!;
      if (tx.save) {
        card.state = 'reusable';
        card.expiresAt = Number.POSITIVE_INFINITY;
        store.persistReusable();
      } else if (card.state === 'active') {
        // A card identifier is used up by a successful transaction.
        card.state = 'consumed';
      }
    } else if (outcome.kind === 'error') {
      settle(tx, 'Error', '5036', 'Transaction could not be completed.', outcome.bankResponseCode);
    } else {
      const code = outcome.kind === 'soft-decline' ? '65' : outcome.bankResponseCode;
      settle(tx, 'NotAuthed', '2000', 'The Authorisation was Declined by the bank.', code);
      if (outcome.kind === 'decline' && outcome.category)
        tx.additionalDeclineDetail = {
          additionalDeclineCode: outcome.bankResponseCode,
          additionalDeclineDescription: outcome.description ?? 'Declined',
          additionalDeclineCategory: outcome.category,
        };
    }
  }

  function settle(
    tx: SandboxTransaction,
    status: SandboxTransaction['status'],
    statusCode: string,
    statusDetail: string,
    bankResponseCode?: string,
  ) {
    tx.status = status;
    tx.statusCode = statusCode;
    tx.statusDetail = statusDetail;
    if (bankResponseCode) tx.bankResponseCode = bankResponseCode;
    tx.retrievalReference = randomInt(10_000_000, 99_999_999);
  }
}

const cofUsages = ['First', 'Subsequent'] as const;
const initiatedTypes = ['CIT', 'MIT'] as const;
const mitTypes = [
  'Instalment',
  'Recurring',
  'Unscheduled',
  'Incremental',
  'DelayedCharge',
  'NoShow',
  'Reauthorisation',
  'Resubmission',
] as const;

/**
 * `credentialType` (payments-reference.md §1): required when a card is saved or a saved one used.
 * Saving is a first, customer-initiated use; a saved card's use is subsequent; a merchant-initiated
 * one must say why (`mitType`) and can only use a card saved before.
 */
function credentialTypeOf(body: Json, card: { reusable: boolean; save: boolean }) {
  if (at(body, 'credentialType') === undefined) {
    if (card.reusable || card.save)
      throw new OpayoError(1003, 'credentialType', 'The credentialType is required');
    return undefined;
  }
  const cofUsage = String(required(body, 'credentialType.cofUsage'));
  const initiatedType = String(required(body, 'credentialType.initiatedType'));
  const merchant = initiatedType === 'MIT';
  const mitType = merchant
    ? String(required(body, 'credentialType.mitType'))
    : oneOf(body, 'credentialType.mitType', mitTypes, 'Unscheduled');
  const invalid = (path: string) => new OpayoError(1009, path, `The ${path} is not a valid value`);
  if (!(cofUsages as readonly string[]).includes(cofUsage)) throw invalid('credentialType.cofUsage');
  if (!(initiatedTypes as readonly string[]).includes(initiatedType))
    throw invalid('credentialType.initiatedType');
  if (!(mitTypes as readonly string[]).includes(mitType)) throw invalid('credentialType.mitType');
  if ((cofUsage === 'First') !== card.save || (cofUsage === 'Subsequent') !== card.reusable)
    throw invalid('credentialType.cofUsage');
  if (merchant && cofUsage !== 'Subsequent') throw invalid('credentialType.initiatedType');
  return { cofUsage, initiatedType, mitType };
}

function frictionlessOutcome(name: string, settings: SandboxSettings): string {
  switch (name) {
    case 'SUCCESSFUL':
      return 'Authenticated';
    case 'NOTAUTH':
    case 'REJECT':
      return 'NotAuthenticated';
    case 'PROOFATTEMPT':
      return 'AttemptOnly';
    case 'TECHDIFFICULTIES':
      return 'Incomplete';
    case 'ERROR':
      return 'Error';
    case 'NOTENROLLED':
      return 'CardNotEnrolled';
    default:
      return settings.strictNames ? 'NotAuthenticated' : 'Authenticated';
  }
}

function rejects3ds(status: string, settings: SandboxSettings): boolean {
  if (status === 'NotAuthenticated') return true;
  return settings.rules === 'strict' && status !== 'Authenticated';
}

/** The transaction as Opayo answers it. */
export function view(tx: SandboxTransaction): Json {
  const card = tx.card;
  return {
    transactionId: tx.transactionId,
    transactionType: tx.transactionType,
    status: tx.status,
    statusCode: tx.statusCode,
    statusDetail: tx.statusDetail,
    retrievalReference: tx.retrievalReference,
    bankResponseCode: tx.bankResponseCode,
    bankAuthorisationCode: tx.bankAuthorisationCode,
    ...(tx.additionalDeclineDetail ? { additionalDeclineDetail: tx.additionalDeclineDetail } : {}),
    ...(tx.avsCvcCheck ? { avsCvcCheck: tx.avsCvcCheck } : {}),
    paymentMethod: card
      ? {
          card: {
            cardType: card.brand,
            lastFourDigits: card.lastFour,
            expiryDate: card.expiryDate,
            cardIdentifier: card.id,
            reusable: card.state === 'reusable',
          },
        }
      : undefined,
    amount: { totalAmount: tx.amount, saleAmount: tx.amount, surchargeAmount: 0 },
    currency: tx.currency,
    '3DSecure': { status: tx.threeDSecureStatus ?? 'NotChecked' },
    ...(tx.acsTransId ? { acsTransId: tx.acsTransId, dsTransId: tx.dsTransId } : {}),
  };
}
