import { type AuthoriseBody, type SavedCardSummary, validateBillingDetails } from '@lido/contracts/payments';
import type { CalendarDate } from '@lido/pricing/calendar-date';
import type { Db, Executor } from '../../db/client.ts';
import type { PaymentAttemptBilling } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { CardProvider } from '../../providers/card/card-provider.ts';
import { type SavedCardRow, savedCardOf, savedCardsOf } from './checkout.repository.ts';
import { insertAttempt } from './payment-attempt.repository.ts';

/** Whole months since the card's expiry month (0 or less: still valid). */
function monthsPastExpiry(card: { expiryMonth: number; expiryYear: number }, today: CalendarDate): number {
  return (Number(today.slice(0, 4)) - card.expiryYear) * 12 + (Number(today.slice(5, 7)) - card.expiryMonth);
}

/** A saved card as the checkout page shows it. */
export function savedCardSummary(card: SavedCardRow, today: CalendarDate): SavedCardSummary {
  const expired = monthsPastExpiry(card, today) > 0;
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
export async function offeredSavedCard(db: Db, provider: string, customerId: number, today: CalendarDate) {
  const cards = await savedCardsOf(db, customerId, provider);
  return cards.find((card) => monthsPastExpiry(card, today) <= 3);
}

/** A saved card that may be charged without the customer: this provider's and not expired. */
function chargeable(card: SavedCardRow, provider: string, today: CalendarDate): boolean {
  return card.provider === provider && monthsPastExpiry(card, today) <= 0;
}

/** The customer's most recent saved card that may be charged without them (see `chargeable`). */
export async function chargeableSavedCard(
  db: Executor,
  provider: string,
  customerId: number,
  today: CalendarDate,
) {
  const cards = await savedCardsOf(db, customerId, provider);
  return cards.find((card) => chargeable(card, provider, today));
}

/** A saved card's billing address, as a payment attempt records it. */
function savedCardBilling(card: SavedCardRow): PaymentAttemptBilling {
  return {
    firstName: card.firstName,
    lastName: card.lastName,
    line1: card.addressLine1,
    line2: card.addressLine2 ?? undefined,
    city: card.city,
    postcode: card.postCode,
    country: 'GB',
  };
}

/**
 * Who pays and with what: a saved card (the customer's own, with this provider, not expired)
 * brings its billing address; a new card needs its card fields and a valid billing address.
 */
export async function billingFor(
  db: Db,
  input: { card: CardProvider; body: AuthoriseBody; customerId: number; today: CalendarDate },
): Promise<{ billing: PaymentAttemptBilling; savedCard: SavedCardRow | undefined }> {
  const { card, body, customerId, today } = input;
  const takesPaymentMethods = card.cardInput === 'payment-method';
  let billing: PaymentAttemptBilling;
  let savedCard: SavedCardRow | undefined;
  if (body.savedCardId !== undefined) {
    savedCard = await savedCardOf(db, body.savedCardId, customerId);
    if (!savedCard || savedCard.provider !== card.name)
      throw new HttpError(404, 'Unable to complete request, item not found.');
    if (monthsPastExpiry(savedCard, today) > 0)
      throw new HttpError(422, 'This card has expired. Please pay with a different card.', {
        errors: { savedCardId: ['This card has expired. Please pay with a different card.'] },
      });
    billing = savedCardBilling(savedCard);
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
  return { billing, savedCard };
}

/** A card payment started without the customer, on the saved card they agreed to (decision 0054). */
export interface SavedCardPaymentStart {
  /** the attempt's id: derived from what is paid for, so one purchase can never have two charges */
  uuid: string;
  vendorTxCode: string;
  customerId: number;
  savedCardId: number;
  amountPence: number;
  /** the basketless purchase's own record, under its line kind's name (decision 0077) */
  paidLines: Record<string, unknown>;
  /** the waiting list entry a waiting list's offer is for */
  waitingListEntryId: number;
}

/**
 * In the caller's transaction: the payment attempt of a saved card the customer agreed may be
 * charged without them, saved before the provider is called. Answers its id, or undefined when
 * that card cannot be charged (no longer theirs, this provider's, or in date).
 */
export async function startSavedCardPayment(
  tx: Executor,
  start: SavedCardPaymentStart,
  context: { provider: string; currency: string; today: CalendarDate },
): Promise<string | undefined> {
  const card = await savedCardOf(tx, start.savedCardId, start.customerId);
  if (!card || !chargeable(card, context.provider, context.today)) return undefined;
  await insertAttempt(tx, {
    uuid: start.uuid,
    customerId: start.customerId,
    cartId: null,
    waitingListEntryId: start.waitingListEntryId,
    provider: context.provider,
    vendorTxCode: start.vendorTxCode,
    amountPence: start.amountPence,
    currency: context.currency,
    savedCardId: card.id,
    billing: savedCardBilling(card),
    paidLines: start.paidLines,
  });
  return start.uuid;
}
