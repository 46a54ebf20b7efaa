/**
 * One interface for every card provider (architecture: providers behind ports). The checkout speaks
 * only these calls; the Opayo adapter (and so the sandbox) and the Stripe adapter implement them.
 */

export interface BrowserDetails {
  colourDepth: number;
  javaEnabled: boolean;
  javascriptEnabled: boolean;
  language: string;
  screenHeight: number;
  screenWidth: number;
  timezoneOffset: number;
  userAgent: string;
  acceptHeader: string;
  ip: string;
}

export interface BillingAddress {
  firstName: string;
  lastName: string;
  line1: string;
  line2?: string | undefined;
  city: string;
  postcode: string;
  country: string;
}

/** What every payment tells the provider: ours, how much, what for and who pays. */
export interface PaymentDetails {
  attemptUuid: string;
  /** our unique reference for this attempt at the provider (its idempotency key derives from it) */
  vendorTxCode: string;
  amountPence: number;
  currency: string;
  description: string;
  email: string;
  billing: BillingAddress;
}

export interface AuthoriseRequest extends PaymentDetails {
  card:
    | { kind: 'new'; sessionKey: string; cardIdentifier: string; save: boolean }
    | { kind: 'saved'; sessionKey: string; reference: string }
    | { kind: 'stripe'; paymentMethodId: string; save: boolean }
    /** a card Stripe.js already set up (and authenticated) with a SetupIntent: charged and kept */
    | { kind: 'stripe-setup'; setupIntentId: string };
  browser: BrowserDetails;
  /** where the issuer's challenge answer is posted (our sca-completion route) */
  notificationUrl: string;
  challengeWindowSize: 'Small' | 'Medium' | 'Large' | 'ExtraLarge' | 'FullScreen';
}

/**
 * A merchant-initiated charge of a saved card (an MIT): the customer is not there, so there is no
 * browser and no 3-D Secure. A card the issuer wants authenticated is declined (`failed`).
 */
export interface SavedCardChargeRequest extends PaymentDetails {
  /** the saved card's reusable reference */
  reference: string;
}

export interface AuthorisedCard {
  type: string;
  lastFour: string;
  expiryMonth: number;
  expiryYear: number;
  /** the reusable reference when the card was saved */
  reference?: string | undefined;
  reusable: boolean;
}

export interface ProviderError {
  code: string;
  message: string;
  details?: unknown;
}

export type ProviderOutcome =
  | { status: 'authorised'; providerTxId: string; card: AuthorisedCard }
  | {
      status: 'sca_required';
      providerTxId: string;
      scaUrl?: string | undefined;
      scaMethod?: 'POST' | undefined;
      scaData?: Record<string, string> | undefined;
      clientSecret?: string | undefined;
    }
  | { status: 'failed'; providerTxId?: string | undefined; error: ProviderError }
  /** no answer (a timeout or lost connection): the transaction may exist; reconciliation decides */
  | { status: 'unknown'; error: ProviderError };

export interface PreparedSession {
  sessionKey: string;
  configuration: { mode: string; url: string; publishableKey?: string };
}

/** A provider's webhook, verified: which payment it is about (the effect re-reads the provider). */
export interface ProviderWebhookEvent {
  id: string;
  type: string;
  providerTxId?: string | undefined;
  /** our attempt, when the provider echoes the metadata we gave it */
  attemptUuid?: string | undefined;
}

export class WebhookSignatureError extends Error {}

export interface CardProvider {
  readonly name: string;
  /**
   * What the browser sends to pay: Opayo's card frame gives a card identifier (and 3-D Secure
   * answers with a cRes); Stripe.js gives a payment method (and the intent is re-read after it).
   */
  readonly cardInput: 'card-identifier' | 'payment-method';
  /** a fresh session for the card form (an Opayo merchant session key, or Stripe's publishable key) */
  prepare(): Promise<PreparedSession>;
  authorise(request: AuthoriseRequest): Promise<ProviderOutcome>;
  /** charges a saved card without the customer (a merchant-initiated transaction) */
  chargeSavedCard(request: SavedCardChargeRequest): Promise<ProviderOutcome>;
  /** finishes 3-D Secure with the issuer's answer (Opayo's cRes; for Stripe the intent is re-read) */
  completeChallenge(providerTxId: string, answer: { cres?: string }): Promise<ProviderOutcome>;
  /** the provider's current view of a transaction, for reconciliation */
  lookUp(providerTxId: string): Promise<ProviderOutcome | undefined>;
  /**
   * The transaction we sent with this reference (our vendorTxCode), when its answer was lost:
   * its current outcome, `undefined` when the provider has none, and a throw when it cannot tell
   * (not reachable, or the look-up is not configured). Opayo: the Reporting & Admin API's
   * getTransactionDetail; Stripe: a search of payment intents by our metadata.
   */
  findByReference(vendorTxCode: string): Promise<ProviderOutcome | undefined>;
  /** gives the money back: a void the same day, otherwise a refund */
  reverse(
    providerTxId: string,
    input: { amountPence: number; vendorTxCode: string },
  ): Promise<'voided' | 'refunded'>;
  /**
   * Gives part of a settled or authorised payment back (a cancelled booking): always a refund,
   * never a void, which would give back the whole payment. `vendorTxCode` is the refund's own
   * reference and its idempotency key: a repeat with the same one refunds once.
   */
  refund(providerTxId: string, input: { amountPence: number; vendorTxCode: string }): Promise<'refunded'>;
  /** checks a webhook's signature on its raw body; throws when it does not verify */
  verifyWebhook?(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): ProviderWebhookEvent;
}
