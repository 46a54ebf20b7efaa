import type { DirectDebitLine } from '../direct-debit/direct-debit.service.ts';
import { DirectDebitRequiredError, requireDirectDebitFor } from '../direct-debit/direct-debit-required.ts';
import type { CalendarDate } from '@lido/pricing/calendar-date';
import { randomUUID } from 'node:crypto';
import { creditToSpend } from '@lido/contracts/offline-payments';
import {
  type AuthoriseBody,
  type AuthoriseResponse,
  type PrepareResponse,
  type SavedCardSummary,
  validateBillingDetails,
} from '@lido/contracts/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { PaymentAttemptBilling, PaymentAttemptStatus } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type {
  BrowserDetails,
  CardProvider,
  ProviderOutcome,
  ProviderWebhookEvent,
} from '../../providers/card/card-provider.ts';
import type { CustomerRow } from '../auth/auth.repository.ts';
import { customerReference } from '../customers/customers.repository.ts';
import { recordWebhookEvent } from '../webhooks/webhook-inbox.repository.ts';
import {
  cartLines,
  lockCart,
  openCartOf,
  type SavedCardRow,
  savedCardOf,
  savedCardsOf,
} from './checkout.repository.ts';
import {
  type AttemptChanges,
  type AttemptRow,
  countReconcileAttempt,
  escalateUnresolved,
  findAttempt,
  inFlightAttemptsOfCart,
  insertAttempt,
  lockAttemptOfProvider,
  moveAttempt,
  staleAttempts,
} from './payment-attempt.repository.ts';
import {
  BasketChangedError,
  type CompletedOrder,
  completeBasket,
  termsNotAccepted,
} from './order-completion.ts';

type Attempt = AttemptRow;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const paymentInProgress = 'A payment for this basket is already in progress.';

/** The alert code of a payment whose outcome could not be found out in time (issue 15). */
export const unresolvedCode = 'LIDO_PAYMENT_UNRESOLVED';
/** How long a payment with a lost answer is looked up before staff are alerted. */
const unresolvedAfterMs = 30 * 60_000;
const unresolvedMessage = 'The card provider could not say whether this payment was taken.';
export const cardPaymentsUnavailable = 'Card payments are not available at the moment.';

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
export function createCardPayments(deps: {
  db: Db;
  provider: CardProvider | undefined;
  currency: () => Promise<string>;
  requiredTermIds: (customer: CustomerRow, cartId: number) => Promise<number[]>;
  today: () => CalendarDate;
  log: FastifyBaseLogger;
  recordDirectDebit?: (tx: Tx, line: DirectDebitLine) => Promise<void>;
  onOrderCreated?: (tx: Tx, order: { id: number; customerId: number }) => Promise<void>;
  /** prices a basket again without a promotion that was refused at completion */
  dropPromotion?: (customerId: number, cartId: number, promotionId: number) => Promise<void>;
}) {
  function provider(): CardProvider {
    if (!deps.provider) throw new HttpError(503, cardPaymentsUnavailable);
    return deps.provider;
  }

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

  async function openBasket(customerId: number) {
    const cart = await openCartOf(deps.db, customerId);
    if (!cart) throw new HttpError(404, 'Your basket is empty.');
    const lines = await cartLines(deps.db, cart.id);
    if (lines.length === 0) throw new HttpError(404, 'Your basket is empty.');
    return { cart, lines, total: lines.reduce((sum, line) => sum + line.amountPence, 0) };
  }

  /** Whole months since the card's expiry month (0 or less: still valid). */
  function monthsPastExpiry(card: { expiryMonth: number; expiryYear: number }): number {
    const today = deps.today();
    return (
      (Number(today.slice(0, 4)) - card.expiryYear) * 12 + (Number(today.slice(5, 7)) - card.expiryMonth)
    );
  }

  function summary(card: SavedCardRow): SavedCardSummary {
    const expired = monthsPastExpiry(card) > 0;
    return {
      id: card.id,
      cardIdentifier: card.providerReference,
      cardType: card.cardType,
      lastFourDigits: card.lastFourDigits,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      expired,
      recentlyExpired: expired,
    };
  }

  /** The customer's most recent card saved with this provider; one over three months expired is not offered. */
  async function savedCardFor(customerId: number) {
    if (!deps.provider) return undefined;
    const cards = await savedCardsOf(deps.db, customerId, deps.provider.name);
    return cards.find((card) => monthsPastExpiry(card) <= 3);
  }

  /**
   * Gives an authorised payment back. The attempt is claimed first (authorised → reversing, or a
   * stale reversing one by the reconciler), so racing completes or instances call the provider once.
   */
  async function reverse(
    attempt: Attempt,
    reason: string,
    from: 'authorised' | 'reversing' = 'authorised',
  ): Promise<PaymentAttemptStatus> {
    if (!attempt.providerTxId) return 'failed';
    const claimed = await moveAttempt(deps.db, attempt.uuid, [from], 'reversing');
    if (!claimed) return (await findAttempt(deps.db, attempt.uuid))?.status ?? 'failed';
    try {
      const result = await provider().reverse(attempt.providerTxId, {
        amountPence: attempt.amountPence,
        vendorTxCode: `${attempt.vendorTxCode.slice(0, 36)}-R`,
      });
      await moveAttempt(deps.db, attempt.uuid, ['reversing'], result, {
        error: { code: 'reversed', message: reason },
      });
      deps.log.warn({ attempt: attempt.uuid, result }, 'card payment given back');
      return result;
    } catch (error) {
      await moveAttempt(deps.db, attempt.uuid, ['reversing'], 'needs_attention', {
        error: { code: 'reverse_failed', message: reason },
      });
      deps.log.error(
        { err: error, attempt: attempt.uuid, code: 'LIDO_PAYMENT_REVERSE_FAILED' },
        'card payment could not be given back: needs attention',
      );
      return 'needs_attention';
    }
  }

  async function complete(
    customer: Pick<CustomerRow, 'id' | 'reference'>,
    attemptUuid: string,
  ): Promise<CompletedOrder> {
    try {
      return await completeBasket(deps.db, {
        customerId: customer.id,
        customerReference: customer.reference,
        acceptedTermIds: [],
        requiredTermIds: async (cartId) => deps.requiredTermIds(customer as CustomerRow, cartId),
        today: deps.today(),
        payment: { attemptUuid },
        recordDirectDebit: deps.recordDirectDebit,
        onCreated: deps.onOrderCreated,
        dropPromotion: async (cartId, promotionId) => deps.dropPromotion?.(customer.id, cartId, promotionId),
      });
    } catch (error) {
      // The basket cannot become this order: the money goes back at once.
      if (error instanceof BasketChangedError || error instanceof DirectDebitRequiredError) {
        const attempt = await findAttempt(deps.db, attemptUuid);
        if (attempt && attempt.status === 'authorised') await reverse(attempt, error.message);
      }
      throw error;
    }
  }

  /**
   * Turns an authorised payment nobody completed (a crash, a lost browser, a webhook first) into its
   * order; when the order cannot be made for a permanent reason (basket changed or gone, terms),
   * the money goes back.
   */
  async function finishAuthorised(
    customer: Pick<CustomerRow, 'id' | 'reference'>,
    attemptUuid: string,
    onCompleted?: (customerId: number, result: CompletedOrder) => unknown,
  ): Promise<'completed' | 'reversed' | 'attention' | 'open'> {
    try {
      const result = await complete(customer, attemptUuid);
      await onCompleted?.(customer.id, result);
      return 'completed';
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const current = await findAttempt(deps.db, attemptUuid);
      if (current?.status === 'authorised')
        return (await reverse(current, error.message)) === 'needs_attention' ? 'attention' : 'reversed';
      if (current?.status === 'voided' || current?.status === 'refunded') return 'reversed';
      return 'open';
    }
  }

  /**
   * An attempt whose provider answer never came (a timeout, a crash before it was recorded): the
   * provider is asked by our reference (or its id, when we have it). Authorised: completed into
   * its order or given back; failed, or never received by the provider: closed as failed. An
   * answer the provider cannot give yet leaves it open for the next run.
   */
  async function resolveLostAnswer(
    attempt: Attempt,
    customer: Pick<CustomerRow, 'id' | 'reference'>,
    onCompleted?: (customerId: number, result: CompletedOrder) => unknown,
  ): Promise<'completed' | 'reversed' | 'attention' | 'failed' | 'open'> {
    const card = provider();
    const seen = attempt.providerTxId
      ? await card.lookUp(attempt.providerTxId)
      : await card.findByReference(attempt.vendorTxCode);
    const lost: PaymentAttemptStatus[] = ['created', 'unknown'];
    if (seen?.status === 'authorised') {
      const found = await moveAttempt(deps.db, attempt.uuid, lost, 'authorised', {
        providerTxId: seen.providerTxId,
        card: seen.card,
        error: null,
      });
      if (!found) return 'open';
      deps.log.warn(
        { attempt: attempt.uuid },
        'card payment with a lost answer was authorised: completing it',
      );
      return finishAuthorised(customer, attempt.uuid, onCompleted);
    }
    if (seen?.status === 'unknown') return 'open';
    // Declined, a challenge nobody can finish now, or a payment the provider never received.
    const error =
      seen === undefined
        ? { code: 'not_received', message: 'The payment never reached the card provider.' }
        : seen.status === 'failed'
          ? seen.error
          : { code: 'sca_abandoned', message: '3D Secure verification failed' };
    const closed = await moveAttempt(deps.db, attempt.uuid, lost, 'failed', {
      providerTxId: seen?.providerTxId ?? attempt.providerTxId,
      error,
    });
    return closed ? 'failed' : 'open';
  }

  /**
   * An attempt with a lost answer still open after the deadline goes to staff: `needs_attention`
   * (so it no longer blocks the basket) and one error line with a stable code for alerting.
   */
  async function raiseUnresolved(uuid: string, afterMs: number): Promise<boolean> {
    const raised = await escalateUnresolved(deps.db, uuid, {
      afterMs,
      code: unresolvedCode,
      message: unresolvedMessage,
    });
    if (!raised) return false;
    deps.log.error(
      {
        code: unresolvedCode,
        attempt: uuid,
        vendorTxCode: raised.vendorTxCode,
        amountPence: raised.amountPence,
      },
      'card payment unresolved: the provider could not say whether it was taken; staff must check it',
    );
    return true;
  }

  return {
    /** GET /api/checkout/prepare: a fresh card session (an MSK lasts 400 s and mints one card). */
    async prepare(customer: CustomerRow): Promise<PrepareResponse> {
      const card = provider();
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
        savedCard: saved ? summary(saved) : null,
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
      const { cart, lines, total } = await openBasket(customer.id);
      // Nothing is charged for a monthly membership that could never be collected.
      await requireDirectDebitFor(deps.db, { customerId: customer.id, cartId: cart.id, lines });
      const spend = creditToSpend(body.payments, { balance: customer.creditBalancePence, total });
      if ('error' in spend) throw new HttpError(422, spend.error, { errors: { payments: [spend.error] } });
      // The card pays what account credit does not.
      const cardAmount = total - spend.credit;
      if (cardAmount <= 0) throw new HttpError(422, 'No payment is required for this purchase.');
      const required = await deps.requiredTermIds(customer, cart.id);
      if (!required.every((id) => body.terms.includes(id)))
        throw new HttpError(422, termsNotAccepted, { errors: { terms: [termsNotAccepted] } });
      if (!body.sessionKey)
        throw new HttpError(422, 'The card session is missing.', {
          errors: { sessionKey: ['The card session is missing.'] },
        });

      let billing: PaymentAttemptBilling;
      let savedCard: SavedCardRow | undefined;
      if (body.savedCardId !== undefined) {
        savedCard = await savedCardOf(deps.db, body.savedCardId, customer.id);
        if (!savedCard || savedCard.provider !== card.name)
          throw new HttpError(404, 'Unable to complete request, item not found.');
        if (summary(savedCard).expired)
          throw new HttpError(422, 'This card has expired. Please pay with a different card.', {
            errors: { savedCardId: ['This card has expired. Please pay with a different card.'] },
          });
        billing = {
          firstName: savedCard.firstName,
          lastName: savedCard.lastName,
          line1: savedCard.addressLine1,
          line2: savedCard.addressLine2 ?? undefined,
          city: savedCard.city,
          postcode: savedCard.postCode,
          country: 'GB',
        };
      } else {
        const cardField = takesPaymentMethods ? 'paymentMethodId' : 'cardIdentifier';
        if (!(takesPaymentMethods ? body.paymentMethodId || body.setupIntentId : body.cardIdentifier))
          throw new HttpError(422, 'Please complete all required card fields', {
            errors: { [cardField]: ['Please complete all required card fields'] },
          });
        const details = {
          billingFirstName: body.billingFirstName ?? '',
          billingLastName: body.billingLastName ?? '',
          billingAddressLineOne: body.billingAddressLineOne ?? '',
          billingAddressLineTwo: body.billingAddressLineTwo ?? '',
          billingCity: body.billingCity ?? '',
          billingPostcode: body.billingPostcode ?? '',
        };
        const errors = validateBillingDetails(details);
        if (Object.keys(errors).length > 0)
          throw new HttpError(422, 'Please check your billing details.', {
            errors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])),
          });
        billing = {
          firstName: details.billingFirstName.trim(),
          lastName: details.billingLastName.trim(),
          line1: details.billingAddressLineOne.trim(),
          line2: details.billingAddressLineTwo.trim() || undefined,
          city: details.billingCity.trim(),
          postcode: details.billingPostcode.trim().toUpperCase(),
          country: 'GB',
        };
      }

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
      return record(uuid, outcome);
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

    /**
     * Finds attempts a crash or a lost browser left behind (quality.md R4): an authorised payment
     * older than the grace period is completed into its order, or, when the basket no longer matches,
     * given back; a challenge nobody finished is closed; an attempt whose provider answer was lost is
     * looked up at the provider by our reference and then completed, given back or closed. One that
     * still cannot be resolved after `unresolvedAfterMs` (30 minutes) is marked `needs_attention`,
     * with one error line coded LIDO_PAYMENT_UNRESOLVED, for staff (`npm run payments:attention`).
     * Safe to run at any time and in parallel: every change is conditional on the attempt's state.
     */
    async reconcile(options: {
      olderThanMs: number;
      unresolvedAfterMs?: number;
      onCompleted?: (customerId: number, result: CompletedOrder) => unknown;
    }): Promise<{ completed: number; reversed: number; failed: number; attention: number }> {
      const counts = { completed: 0, reversed: 0, failed: 0, attention: 0 };
      if (!deps.provider) return counts;
      const card = deps.provider;
      // The database's clock, the same one that stamped the rows.
      const stale = await staleAttempts(deps.db, options.olderThanMs);
      for (const { attempt, customer } of stale) {
        try {
          if (attempt.status === 'authorised') {
            const result = await finishAuthorised(customer, attempt.uuid, options.onCompleted);
            if (result !== 'open') counts[result] += 1;
          } else if (attempt.status === 'reversing') {
            // A process died while giving the money back: the claim is taken over and tried again.
            const result = await reverse(
              attempt,
              'The payment was being given back when a process stopped.',
              'reversing',
            );
            counts[result === 'needs_attention' ? 'attention' : 'reversed'] += 1;
          } else if (attempt.status === 'pending_sca' && attempt.providerTxId) {
            const seen = await card.lookUp(attempt.providerTxId);
            if (seen?.status === 'authorised') {
              await moveAttempt(deps.db, attempt.uuid, ['pending_sca'], 'authorised', { card: seen.card });
            } else {
              await moveAttempt(deps.db, attempt.uuid, ['pending_sca'], 'failed', {
                error: { code: 'sca_abandoned', message: '3D Secure verification failed' },
              });
              counts.failed += 1;
            }
          } else if (attempt.status === 'created' || attempt.status === 'unknown') {
            const result = await resolveLostAnswer(attempt, customer, options.onCompleted);
            if (result !== 'open') counts[result] += 1;
          }
        } catch (error) {
          await countReconcileAttempt(deps.db, attempt.uuid);
          deps.log.error({ err: error, attempt: attempt.uuid }, 'payment reconciliation failed; will retry');
        }
        if (
          (attempt.status === 'created' || attempt.status === 'unknown') &&
          (await raiseUnresolved(attempt.uuid, options.unresolvedAfterMs ?? unresolvedAfterMs))
        )
          counts.attention += 1;
      }
      return counts;
    },
  };
}

export type CardPayments = ReturnType<typeof createCardPayments>;
