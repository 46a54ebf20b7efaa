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

  /** Adds the membership (or finds it there from an earlier refused payment); its total and terms. */
  const gymBasket = async (cookie: string) => {
    const venue = (await call(cookie, 'GET', '/api/activities/venues/castlefield-leisure-centre')).body.data;
    const types = (await call(cookie, 'GET', `/api/memberships/types?venue_id=${venue.id}`)).body.data as {
      id: number;
      slug: string;
      paymentOptions: { id: number; paymentType: string }[];
    }[];
    const gym = types.find((type) => type.slug === 'gym-anytime')!;
    const added = await call(cookie, 'POST', '/api/cart/add', {
      items: [
        {
          id: gym.id,
          type: 'membership',
          pricing_option_id: gym.paymentOptions.find((o) => o.paymentType === 'fixed')!.id,
          options: { venue_id: venue.id, start_date: '2026-11-21' },
        },
      ],
    });
    const cart = added.status === 200 ? added.body.data : (await call(cookie, 'GET', '/api/cart')).body.data;
    const terms = (await call(cookie, 'GET', `/api/terms?cart_id=${cart.cartId}`)).body.data.data as {
      id: number;
    }[];
    return { total: cart.totals.total as number, terms: terms.map((term) => term.id) };
  };

  return { host, call, gymBasket };
}
