import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import {
  type AuthorisedCard,
  type AuthoriseRequest,
  type CardProvider,
  type PreparedSession,
  type ProviderOutcome,
  type ProviderWebhookEvent,
  type SavedCardChargeRequest,
  WebhookSignatureError,
} from './card-provider.ts';

interface StripeCardProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** another Stripe-shaped API (our test fake on loopback); the real API when absent */
  api?: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  /** Stripe.js; always js.stripe.com in production (payments-reference.md §2.8) */
  scriptUrl?: string | undefined;
}

/** Payment intent events whose payment we may be waiting for. */
const paymentIntentEvents = new Set([
  'payment_intent.succeeded',
  'payment_intent.amount_capturable_updated',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.requires_action',
]);

/** A saved card is a Stripe customer and one of their payment methods: "cus_…/pm_…". */
function savedReference(customer: string, paymentMethod: string): string {
  return `${customer}/${paymentMethod}`;
}

function parseSavedReference(reference: string): { customer: string; paymentMethod: string } {
  const [customer, paymentMethod] = reference.split('/');
  if (!customer || !paymentMethod) throw new Error('Not a saved Stripe card reference.');
  return { customer, paymentMethod };
}

/**
 * The Stripe adapter (payments-reference.md §2): one PaymentIntent per payment attempt, confirmed
 * on the server with the PaymentMethod Stripe.js created in the browser; 3-D Secure is
 * `handleNextAction` in the browser and a re-read of the intent here; saving a card attaches it to
 * a Stripe customer with `setup_future_usage`. Idempotency keys derive from our attempt, so a
 * retried call can never create a second charge (§2.4).
 */
export function createStripeCardProvider(options: StripeCardProviderOptions): CardProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(options.api
      ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol }
      : {}),
  });

  function card(intent: Stripe.PaymentIntent, reference?: string): AuthorisedCard {
    const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
    const details = method?.card;
    return {
      type: details?.brand ?? 'card',
      lastFour: details?.last4 ?? '0000',
      expiryMonth: details?.exp_month ?? 0,
      expiryYear: details?.exp_year ?? 0,
      reference,
      reusable: reference !== undefined,
    };
  }

  /** Our mapping of an intent's status (§2.1); a card kept for later says so in the intent's metadata. */
  function outcome(intent: Stripe.PaymentIntent): ProviderOutcome {
    const saving = intent.metadata?.saveCard === 'true';
    switch (intent.status) {
      case 'succeeded':
      case 'requires_capture': {
        const method =
          typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
        const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
        const reference = saving && customer && method ? savedReference(customer, method) : undefined;
        return { status: 'authorised', providerTxId: intent.id, card: card(intent, reference) };
      }
      case 'requires_action':
        return {
          status: 'sca_required',
          providerTxId: intent.id,
          clientSecret: intent.client_secret ?? undefined,
        };
      case 'processing':
        return {
          status: 'unknown',
          error: { code: 'processing', message: 'The payment is still processing.' },
        };
      default: {
        const error = intent.last_payment_error;
        return {
          status: 'failed',
          providerTxId: intent.id,
          error: {
            code: error?.decline_code ?? error?.code ?? intent.status,
            message: error?.message ?? 'Payment was declined',
          },
        };
      }
    }
  }

  /** A thrown SDK error as an outcome: a card error is a decline; no answer may mean a charge. */
  function errorOutcome(error: unknown): ProviderOutcome {
    if (
      error instanceof Stripe.errors.StripeCardError ||
      error instanceof Stripe.errors.StripeInvalidRequestError
    ) {
      const raw = error.raw as { payment_intent?: { id?: string }; decline_code?: string } | undefined;
      return {
        status: 'failed',
        providerTxId: raw?.payment_intent?.id,
        error: { code: raw?.decline_code ?? error.code ?? 'card_error', message: error.message },
      };
    }
    if (error instanceof Stripe.errors.StripeError)
      return { status: 'unknown', error: { code: error.type, message: error.message } };
    throw error;
  }

  async function retrieve(id: string): Promise<Stripe.PaymentIntent> {
    return stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] });
  }

  return {
    name: 'stripe',
    cardInput: 'payment-method',

    async prepare(): Promise<PreparedSession> {
      // Stripe needs no server session for Elements; the key names this checkout in our logs only.
      return {
        sessionKey: `stripe-${randomUUID()}`,
        configuration: {
          mode: options.secretKey.startsWith('sk_live_') ? 'live' : 'test',
          url: options.scriptUrl ?? 'https://js.stripe.com/v3',
          publishableKey: options.publishableKey,
        },
      };
    },

    async authorise(request: AuthoriseRequest): Promise<ProviderOutcome> {
      const input = request.card;
      if (input.kind === 'new') throw new Error('Stripe takes a payment method, not a card identifier.');
      const key = (step: string) => `att_${request.attemptUuid}:${step}`;
      try {
        let customer: string | undefined;
        let paymentMethod: string;
        let saving = false;
        if (input.kind === 'saved') {
          ({ customer, paymentMethod } = parseSavedReference(input.reference));
        } else if (input.kind === 'stripe-setup') {
          // Never trust the browser: the SetupIntent itself says whether the card was set up.
          const setup = await stripe.setupIntents.retrieve(input.setupIntentId);
          const method =
            typeof setup.payment_method === 'string' ? setup.payment_method : setup.payment_method?.id;
          const owner = typeof setup.customer === 'string' ? setup.customer : setup.customer?.id;
          if (setup.status !== 'succeeded' || !method || !owner)
            return {
              status: 'failed',
              error: {
                code: 'setup_intent_incomplete',
                message: 'The card could not be set up. Please try again.',
              },
            };
          customer = owner;
          paymentMethod = method;
          saving = true;
        } else {
          paymentMethod = input.paymentMethodId;
          saving = input.save;
          if (input.save) {
            const created = await stripe.customers.create(
              {
                email: request.email,
                name: `${request.billing.firstName} ${request.billing.lastName}`,
                metadata: { attempt: request.attemptUuid },
              },
              { idempotencyKey: key('customer') },
            );
            customer = created.id;
          }
        }
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountPence,
            currency: request.currency.toLowerCase(),
            payment_method: paymentMethod,
            allowed_payment_method_types: ['card'],
            confirm: true,
            description: request.description,
            metadata: {
              attempt: request.attemptUuid,
              vendorTxCode: request.vendorTxCode,
              saveCard: String(saving),
            },
            expand: ['payment_method'],
            ...(customer ? { customer } : {}),
            ...(input.kind === 'stripe' && input.save ? { setup_future_usage: 'off_session' as const } : {}),
          },
          { idempotencyKey: key('pi_create') },
        );
        return outcome(intent);
      } catch (error) {
        return errorOutcome(error);
      }
    },

    async chargeSavedCard(request: SavedCardChargeRequest): Promise<ProviderOutcome> {
      const { customer, paymentMethod } = parseSavedReference(request.reference);
      try {
        // Off-session: Stripe flags the charge merchant-initiated, and a card whose issuer wants the
        // customer to authenticate fails (authentication_required) instead of asking for an action.
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountPence,
            currency: request.currency.toLowerCase(),
            customer,
            payment_method: paymentMethod,
            allowed_payment_method_types: ['card'],
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: { attempt: request.attemptUuid, vendorTxCode: request.vendorTxCode, saveCard: 'false' },
            expand: ['payment_method'],
          },
          { idempotencyKey: `att_${request.attemptUuid}:mit` },
        );
        const result = outcome(intent);
        return result.status === 'sca_required'
          ? {
              status: 'failed',
              providerTxId: intent.id,
              error: {
                code: 'authentication_required',
                message: 'The card needs the customer to authenticate',
              },
            }
          : result;
      } catch (error) {
        return errorOutcome(error);
      }
    },

    async completeChallenge(providerTxId: string): Promise<ProviderOutcome> {
      // Never trust the browser's word: the intent's own status decides (§2.2).
      const intent = await retrieve(providerTxId);
      const result = outcome(intent);
      if (result.status === 'sca_required')
        return {
          status: 'failed',
          providerTxId,
          error: { code: 'authentication_required', message: '3D Secure verification failed' },
        };
      return result;
    },

    async lookUp(providerTxId: string): Promise<ProviderOutcome | undefined> {
      try {
        const intent = await retrieve(providerTxId);
        return outcome(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return undefined;
        throw error;
      }
    },

    async findByReference(vendorTxCode: string): Promise<ProviderOutcome | undefined> {
      // Our metadata names the attempt; Stripe's search may lag a minute, which reconciliation outwaits.
      const found = await stripe.paymentIntents.search({
        query: `metadata['vendorTxCode']:'${vendorTxCode.replace(/[^A-Za-z0-9-]/g, '')}'`,
        limit: 1,
      });
      const intent = found.data[0];
      return intent ? outcome(await retrieve(intent.id)) : undefined;
    },

    async refund(providerTxId: string, input: { amountPence: number; vendorTxCode: string }) {
      await stripe.refunds.create(
        { payment_intent: providerTxId, amount: input.amountPence },
        { idempotencyKey: `${input.vendorTxCode}:refund` },
      );
      return 'refunded' as const;
    },

    async reverse(providerTxId: string, input: { amountPence: number; vendorTxCode: string }) {
      const intent = await retrieve(providerTxId);
      if (intent.status === 'succeeded') {
        await stripe.refunds.create(
          { payment_intent: providerTxId, amount: input.amountPence },
          { idempotencyKey: `${input.vendorTxCode}:refund` },
        );
        return 'refunded';
      }
      if (intent.status !== 'canceled')
        await stripe.paymentIntents.cancel(
          providerTxId,
          {},
          { idempotencyKey: `${input.vendorTxCode}:cancel` },
        );
      return 'voided';
    },

    verifyWebhook(
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): ProviderWebhookEvent {
      const signature = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          Array.isArray(signature) ? (signature[0] ?? '') : (signature ?? ''),
          options.webhookSecret,
        );
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
      }
      if (!paymentIntentEvents.has(event.type)) return { id: event.id, type: event.type };
      const intent = event.data.object as Stripe.PaymentIntent;
      return {
        id: event.id,
        type: event.type,
        providerTxId: intent.id,
        attemptUuid: intent.metadata?.attempt,
      };
    },
  };
}
