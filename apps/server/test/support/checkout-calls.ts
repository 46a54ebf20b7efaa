import { apiClient, type CallerApi } from './api.ts';
import type { TestSandbox } from './card-sandbox.ts';
import { basketWith } from './factories.ts';
import type { TestApp } from './test-app.ts';
import { siteHost } from './test-app.ts';

const host = siteHost.onlineJoining;

/** The billing details and browser facts a checkout page sends with a card authorisation. */
export const cardBilling = {
  billing_first_name: 'Alex',
  billing_last_name: 'Newman',
  billing_address_line_one: '88 Deansgate',
  billing_city: 'Manchester',
  billing_postcode: 'M3 2BW',
};
export const browserFacts = {
  browser_colour_depth: 24,
  browser_java_enabled: false,
  browser_javascript_enabled: true,
  browser_language: 'en-GB',
  browser_screen_height: 900,
  browser_screen_width: 1440,
  browser_timezone_offset: 0,
};
const origin = `http://${host}`;

/**
 * The calls a checkout test makes as the joining site would: JSON with our Origin and the
 * customer's cookie, and an annual Gym Anytime at Castlefield in the basket (a monthly one would
 * need a Direct Debit).
 */
export function checkoutCalls(app: () => TestApp) {
  const call = async (
    cookie: string | undefined,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const response = await app().app.inject({
      method,
      url,
      headers: { host, origin, ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };

  /**
   * An annual Gym Anytime at Castlefield in the customer's basket (kept when an earlier refused
   * payment left it there); the basket's total and the terms to accept.
   */
  const gymBasket = async (cookie: string) => {
    const api = apiClient(app).as(cookie);
    const held = (await api.cart()).data;
    const cart = held.items.some((item) => item.name === 'Gym Anytime')
      ? held
      : await basketWith(app(), cookie, [{ slug: 'gym-anytime', paymentType: 'fixed' }]);
    const terms = (await api.terms(cart.cartId!)).data.data;
    return { total: cart.totals.total, terms: terms.map((term) => term.id) };
  };

  return { host, call, gymBasket };
}

/**
 * A card payment authorised as the checkout page makes it: prepare, the card frame's identifier
 * from the sandbox, then authorise with the billing details (no terms to accept).
 */
export async function authoriseByCard(caller: CallerApi, sandbox: TestSandbox, cardholderName: string) {
  const prepared = (await caller.get<{ sessionKey: string }>('/api/checkout/prepare')).data;
  const token = await sandbox.tokenise(prepared.sessionKey, { cardholderName });
  return caller.post<{ transactionUuid: string; transactionStatus: string }>('/api/checkout/authorise', {
    ...cardBilling,
    ...browserFacts,
    session_key: prepared.sessionKey,
    card_identifier: token.body.cardIdentifier,
    card_holder_name: cardholderName,
    source: 'bookings',
    terms: [],
  });
}
