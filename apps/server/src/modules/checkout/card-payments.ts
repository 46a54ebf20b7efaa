import { creditBalanceOf } from '../account-credit/index.ts';
import { randomUUID } from 'node:crypto';
import { creditToSpend } from '@lido/contracts/offline-payments';
import type { AuthoriseBody, AuthoriseResponse, PrepareResponse } from '@lido/contracts/payments';
import type { PaymentAttemptStatus } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type {
  BrowserDetails,
  ProviderOutcome,
  ProviderWebhookEvent,
} from '../../providers/card/card-provider.ts';
import type { CustomerRow } from '../auth/index.ts';
import { customerReference } from '../customers/index.ts';
import { recordWebhookEvent } from '../webhooks/index.ts';
import { billingFor, offeredSavedCard, savedCardSummary } from './card-billing.ts';
import { type CardPaymentDeps, createPaymentRecovery, requireCardProvider } from './card-payment-recovery.ts';
import { lockCart } from '../cart/index.ts';
import { openCartOf } from './checkout.repository.ts';
import { createSavedCardCharge } from './saved-card-charge.ts';
import { createEarlierPayment } from './earlier-payment.ts';
import { waiverLineIds } from '@lido/contracts/payments';
import { basketLines, type CompletedOrder, termsNotAccepted } from './order-completion.ts';
import {
  type AttemptChanges,
  type AttemptRow,
  findAttempt,
  inFlightAttemptsOfCart,
  insertAttempt,
  lockAttemptOfProvider,
  moveAttempt,
} from './payment-attempt.repository.ts';

export { cardPaymentsUnavailable, unresolvedCode } from './card-payment-recovery.ts';
export { checkingCode, earlierPaymentMessages } from './earlier-payment.ts';

type Attempt = AttemptRow;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const paymentInProgress = 'A payment for this basket is already in progress.';

/** What the browser's request says about itself, for the issuer's risk checks. */
export interface RequestFacts {
  ip: string;
  userAgent: string;
  acceptHeader: string;
  /** the origin of the site the customer pays on: the issuer's answer comes back to it */
  appOrigin: string;
}

/**
 * Card payments (platform spec §4 "Payment status"; payments-reference.md §4 and §5.7): prepare a
 * card session, authorise against the basket's total, finish 3-D Secure, and complete the basket
 * into an order. Every attempt is a row saved before the provider is called and updated as soon as
 * it answers, so no charge is ever lost; the reconciliation job finishes or reverses what a crash
 * left half done.
 */
export function createCardPayments(deps: CardPaymentDeps) {
  const provider = () => requireCardProvider(deps);
  const { complete, finishAuthorised, reconcile, resolveLostAnswer } = createPaymentRecovery(deps);

  const { beforePaying, afterLostAnswer, earlierPayment } = createEarlierPayment(deps, {
    complete,
    resolveLostAnswer,
  });

  /** A fresh attempt takes the provider's first answer (one a webhook already gave is kept). */
  const fromCreated = (uuid: string, to: PaymentAttemptStatus, changes: AttemptChanges) =>
    moveAttempt(deps.db, uuid, ['created'], to, changes);

  /** The answer the checkout page reads, from an attempt row (so replays answer the same). */
  function answer(attempt: Pick<Attempt, 'uuid' | 'status' | 'error'>): AuthoriseResponse {
    if (attempt.status === 'authorised' || attempt.status === 'completed')
      return { transactionUuid: attempt.uuid, transactionStatus: 'authorised' };
    return {
      transactionUuid: attempt.uuid,
      transactionStatus: 'failed',
      error: attempt.error ?? { code: 'failed', message: 'Payment was declined' },
    };
  }

  async function record(uuid: string, outcome: ProviderOutcome): Promise<AuthoriseResponse> {
    switch (outcome.status) {
      case 'authorised':
        await fromCreated(uuid, 'authorised', {
          providerTxId: outcome.providerTxId,
          card: outcome.card,
          error: null,
        });
        return { transactionUuid: uuid, transactionStatus: 'authorised' };
      case 'sca_required':
        await fromCreated(uuid, 'pending_sca', { providerTxId: outcome.providerTxId });
        return {
          transactionUuid: uuid,
          transactionStatus: 'sca_required',
          ...(outcome.scaUrl ? { scaUrl: outcome.scaUrl, scaMethod: 'POST' as const } : {}),
          ...(outcome.scaData ? { scaData: outcome.scaData } : {}),
          ...(outcome.clientSecret ? { clientSecret: outcome.clientSecret } : {}),
        };
      case 'failed':
        await fromCreated(uuid, 'failed', {
          providerTxId: outcome.providerTxId ?? null,
          error: outcome.error,
        });
        return { transactionUuid: uuid, transactionStatus: 'failed', error: outcome.error };
      case 'unknown':
        // The provider may have taken the money; reconciliation (or staff) must find out.
        await fromCreated(uuid, 'unknown', { error: outcome.error });
        deps.log.warn({ attempt: uuid, code: outcome.error.code }, 'card payment outcome unknown');
        return { transactionUuid: uuid, transactionStatus: 'failed', error: outcome.error };
    }
  }

  /** The open basket, its membership lines and its total (booking lines included). */
  async function openBasket(customerId: number) {
    const cart = await openCartOf(deps.db, customerId);
    if (!cart) throw new HttpError(404, 'Your basket is empty.');
    const { parts, count, totalPence } = await basketLines(deps.db, deps.kinds, cart.id);
    if (count === 0) throw new HttpError(404, 'Your basket is empty.');
    return { cart, parts, total: totalPence };
  }

  /** Paying has started: what the basket's lines hold (places) is kept from lapsing mid-payment. */
  async function keepHolds(cartId: number) {
    for (const kind of deps.kinds) await kind.keep?.(deps.db, cartId);
  }

  const savedCardFor = async (customerId: number) =>
    deps.provider ? offeredSavedCard(deps.db, deps.provider.name, customerId, deps.today()) : undefined;

  return {
    /** GET /api/checkout/prepare: a fresh card session (an MSK lasts 400 s and mints one card). */
    async prepare(customer: CustomerRow): Promise<PrepareResponse> {
      const card = provider();
      const open = await openCartOf(deps.db, customer.id);
      if (open) await keepHolds(open.id);
      let session;
      try {
        session = await card.prepare();
      } catch (error) {
        deps.log.error({ err: error }, 'card session could not be created');
        throw new HttpError(502, 'Failed to create session');
      }
      const saved = await savedCardFor(customer.id);
      return {
        paymentProvider: card.name,
        sessionKey: session.sessionKey,
        paymentProviderConfiguration: session.configuration,
        savedCard: saved ? savedCardSummary(saved, deps.today()) : null,
      };
    },

    /** POST /api/checkout/authorise */
    async authorise(
      customer: CustomerRow,
      body: AuthoriseBody,
      facts: RequestFacts,
    ): Promise<AuthoriseResponse> {
      const card = provider();
      const takesPaymentMethods = card.cardInput === 'payment-method';
      if (!takesPaymentMethods && (body.paymentMethodId || body.setupIntentId))
        throw new HttpError(422, `Payment provider '${card.name}' does not take Stripe payment methods.`);
      if (takesPaymentMethods && body.cardIdentifier)
        throw new HttpError(422, `Payment provider '${card.name}' does not take card identifiers.`);
      // A payment whose answer was lost is looked up first (issue 33 item 8).
      const earlier = await beforePaying(customer);
      if (earlier) return earlier;
      const { cart, parts, total } = await openBasket(customer.id);
      // Nothing is charged for lines that could never be paid for (a monthly membership no Direct
      // Debit could collect).
      for (const { kind, lines } of parts)
        await kind.payable?.(deps.db, lines, { customerId: customer.id, cartId: cart.id });
      const balance = await creditBalanceOf(deps.db, customer.id);
      const spend = creditToSpend(body.payments, { balance, total });
      if ('error' in spend) throw new HttpError(422, spend.error, { errors: { payments: [spend.error] } });
      // The card pays what account credit does not.
      const cardAmount = total - spend.credit;
      if (cardAmount <= 0) throw new HttpError(422, 'No payment is required for this purchase.');
      const required = (
        await Promise.all(parts.map(({ kind, lines }) => kind.requiredTermIds?.(lines) ?? []))
      ).flat();
      if (!required.every((id) => body.terms.includes(id)))
        throw new HttpError(422, termsNotAccepted, { errors: { terms: [termsNotAccepted] } });
      if (!body.sessionKey)
        throw new HttpError(422, 'The card session is missing.', {
          errors: { sessionKey: ['The card session is missing.'] },
        });

      // What the card pays for, per kind (bookings' waivers included): checked before anything is charged.
      const paidLines: Record<string, unknown> = {};
      for (const { kind, lines } of parts) {
        const record = await kind.paymentRecord?.(deps.db, lines, {
          cartId: cart.id,
          acceptedWaivers: waiverLineIds(body.completedWaivers),
          now: deps.clock(),
        });
        if (record !== undefined) paidLines[kind.name] = record;
      }
      await keepHolds(cart.id);

      const { billing, savedCard } = await billingFor(deps.db, {
        card,
        body,
        customerId: customer.id,
        today: deps.today(),
      });

      // One payment per basket at a time, decided under the basket's lock: a double click or a
      // second tab cannot charge twice.
      const uuid = randomUUID();
      const currency = await deps.currency();
      const existing = await deps.db.transaction(async (tx) => {
        await lockCart(tx, { cartId: cart.id });
        const attempts = await inFlightAttemptsOfCart(tx, cart.id);
        const authorised = attempts.find(
          (attempt) =>
            attempt.status === 'authorised' &&
            attempt.amountPence === cardAmount &&
            attempt.creditPence === spend.credit,
        );
        if (authorised) return authorised;
        if (attempts.some((attempt) => attempt.status === 'created' || attempt.status === 'unknown'))
          throw new HttpError(409, paymentInProgress);
        // An abandoned challenge is superseded by this new attempt.
        for (const attempt of attempts.filter((row) => row.status === 'pending_sca'))
          await moveAttempt(tx, attempt.uuid, ['pending_sca'], 'failed', {
            error: { code: 'superseded', message: 'A newer payment attempt replaced this one.' },
          });
        await insertAttempt(tx, {
          uuid,
          customerId: customer.id,
          cartId: cart.id,
          provider: card.name,
          vendorTxCode: `LC-${uuid.replaceAll('-', '')}`.slice(0, 40),
          amountPence: cardAmount,
          creditPence: spend.credit,
          currency,
          // A card Stripe.js set up with a SetupIntent is kept by definition.
          saveCard: savedCard ? false : body.setupIntentId ? true : body.saveCard,
          savedCardId: savedCard?.id ?? null,
          billing,
          acceptedTermIds: body.terms,
          paidLines,
        });
        return undefined;
      });
      if (existing) return answer(existing);

      const browser: BrowserDetails = {
        colourDepth: body.browserColourDepth,
        javaEnabled: body.browserJavaEnabled,
        javascriptEnabled: body.browserJavascriptEnabled,
        language: body.browserLanguage,
        screenHeight: body.browserScreenHeight,
        screenWidth: body.browserScreenWidth,
        timezoneOffset: body.browserTimezoneOffset,
        userAgent: facts.userAgent,
        acceptHeader: facts.acceptHeader,
        ip: facts.ip,
      };
      let outcome: ProviderOutcome;
      try {
        outcome = await card.authorise({
          attemptUuid: uuid,
          vendorTxCode: `LC-${uuid.replaceAll('-', '')}`.slice(0, 40),
          amountPence: cardAmount,
          currency,
          description: `Order for ${customer.reference}`,
          email: customer.email,
          billing,
          card: savedCard
            ? { kind: 'saved', sessionKey: body.sessionKey, reference: savedCard.providerReference }
            : body.setupIntentId
              ? { kind: 'stripe-setup', setupIntentId: body.setupIntentId }
              : body.paymentMethodId
                ? { kind: 'stripe', paymentMethodId: body.paymentMethodId, save: body.saveCard }
                : {
                    kind: 'new',
                    sessionKey: body.sessionKey,
                    cardIdentifier: body.cardIdentifier!,
                    save: body.saveCard,
                  },
          browser,
          notificationUrl: `${facts.appOrigin}/api/payment-providers/sca-completion/${uuid}`,
          challengeWindowSize: body.challengeWindowSize,
        });
      } catch (error) {
        deps.log.error({ err: error, attempt: uuid }, 'card authorisation failed');
        outcome = {
          status: 'unknown',
          error: { code: '9999', message: 'Payment processing error. Please try again.' },
        };
      }
      const answered = await record(uuid, outcome);
      return outcome.status === 'unknown' ? afterLostAnswer(customer, cart.id, answered) : answered;
    },

    /**
     * The issuer's answer, from the challenge frame (form post) or our page (JSON). Under the
     * attempt's lock only a pending challenge is sent to the provider; a replay answers what is stored.
     */
    async scaCompletion(
      attemptUuid: string,
      input: { cres?: string | undefined; customerId?: number | undefined },
    ): Promise<AuthoriseResponse> {
      const card = provider();
      return deps.db.transaction(async (tx) => {
        const attempt = await findAttempt(tx, attemptUuid, { customerId: input.customerId, lock: true });
        if (!attempt) throw new HttpError(404, 'No transaction ID available for payment completion');
        // Opayo needs the issuer's cRes; Stripe's intent is simply re-read once Stripe.js is done.
        const answerMissing = card.cardInput === 'card-identifier' && !input.cres;
        if (attempt.status !== 'pending_sca' || answerMissing || !attempt.providerTxId) {
          if (attempt.status === 'pending_sca')
            return { transactionUuid: attempt.uuid, transactionStatus: 'sca_required' as const };
          return answer(attempt);
        }
        let outcome: ProviderOutcome;
        try {
          outcome = await card.completeChallenge(
            attempt.providerTxId,
            input.cres ? { cres: input.cres } : {},
          );
        } catch (error) {
          deps.log.error({ err: error, attempt: attempt.uuid }, '3-D Secure completion failed');
          return {
            transactionUuid: attempt.uuid,
            transactionStatus: 'failed' as const,
            error: { code: 'sca', message: 'Failed to complete 3D Secure verification' },
          };
        }
        const [to, values]: [PaymentAttemptStatus, AttemptChanges] =
          outcome.status === 'authorised'
            ? ['authorised', { card: outcome.card, error: null }]
            : outcome.status === 'failed'
              ? ['failed', { error: outcome.error }]
              : ['unknown', { error: { code: 'sca', message: '3D Secure verification failed' } }];
        // Locked above and checked pending, so this moves.
        await moveAttempt(tx, attempt.uuid, ['pending_sca'], to, values);
        return answer({ uuid: attempt.uuid, status: to, error: values.error ?? null });
      });
    },

    complete,

    reconcile,

    earlierPayment,

    chargeSavedCard: createSavedCardCharge(deps, { record, finishAuthorised }),

    /**
     * A verified provider webhook (payments-reference.md §2.6): recorded in the inbox in the same
     * transaction as its effect, so a repeat or a concurrent delivery does nothing. The event only
     * says which payment to look at; the provider's current state decides (events arrive unordered).
     * A payment the browser never came back for is completed into its order here.
     */
    async applyWebhook(
      event: ProviderWebhookEvent,
      onCompleted?: (customerId: number, result: CompletedOrder) => unknown,
    ): Promise<'duplicate' | 'ignored' | 'applied'> {
      const card = provider();
      const effect = await deps.db.transaction(async (tx) => {
        const fresh = await recordWebhookEvent(tx, {
          provider: card.name,
          eventId: event.id,
          eventType: event.type,
        });
        if (!fresh) return { result: 'duplicate' as const };
        const byAttempt = event.attemptUuid && uuidPattern.test(event.attemptUuid);
        if (!byAttempt && !event.providerTxId) return { result: 'ignored' as const };
        const attempt = await lockAttemptOfProvider(
          tx,
          card.name,
          byAttempt ? { uuid: event.attemptUuid! } : { providerTxId: event.providerTxId! },
        );
        if (!attempt) return { result: 'ignored' as const };
        const providerTxId = event.providerTxId ?? attempt.providerTxId;
        if (!['created', 'unknown', 'pending_sca'].includes(attempt.status) || !providerTxId)
          return { result: 'applied' as const, attempt };
        const seen = await card.lookUp(providerTxId);
        let values: (AttemptChanges & { status: PaymentAttemptStatus }) | undefined;
        if (seen?.status === 'authorised')
          values = { status: 'authorised', providerTxId, card: seen.card, error: null };
        else if (seen?.status === 'failed') values = { status: 'failed', providerTxId, error: seen.error };
        if (values) {
          const { status, ...changes } = values;
          // Locked above and checked unfinished, so this moves.
          await moveAttempt(tx, attempt.uuid, [attempt.status], status, changes);
        }
        return { result: 'applied' as const, attempt: { ...attempt, ...values } };
      });
      if (effect.result === 'applied' && effect.attempt.status === 'authorised') {
        const customer = await customerReference(deps.db, effect.attempt.customerId);
        if (customer) await finishAuthorised(customer, effect.attempt.uuid, onCompleted);
      }
      return effect.result;
    },
  };
}
