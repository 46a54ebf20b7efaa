import type { Cart, CartTerms } from '@lido/contracts/cart';
import type { Costs, MembershipType } from '@lido/contracts/membership';
import type { Venue } from '@lido/contracts/venue';
import { siteHost, type TestApp } from './test-app.ts';

/**
 * A typed way to call the API as a site's page would (issue 16 item 8): the site's Host and the
 * Origin the CSRF guard checks are sent on every call, and a customer's session cookie when the
 * call is made as one. Answers carry the `data` envelope's contents typed from packages/contracts,
 * and the failed answer's `message` and `errors` (the one 422 shape).
 */
export interface ApiAnswer<T> {
  status: number;
  /** the `data` of a successful answer, as the contract types it */
  data: T;
  /** a failed answer's message */
  message: string | undefined;
  /** a 422's field-to-messages map */
  errors: Record<string, string[]> | undefined;
  /** the whole parsed body, for the few answers without a `data` envelope */
  body: unknown;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Someone who can call as a customer: a cookie, or anything holding one (see factories.ts). */
export type Caller = string | { cookie: string } | undefined;

/** A held membership as GET /api/my-account/memberships lists it (the fields tests read). */
export interface HeldMembershipAnswer {
  id: number;
  name: string;
  startDate: string;
  endDate: string | null;
  billingDay: number | null;
}

/** A basket line as POST /api/cart/add takes it (snake_case in). */
export interface AddItem {
  id: number;
  type: 'membership' | 'booking';
  pricing_option_id: number;
  options: Record<string, unknown>;
  price?: number;
}

/** A session for POST /api/cart/add: its price band's id, and how many places (snake_case in). */
export interface AddBookingItem {
  id: number;
  type: 'booking';
  pricing_option_id: number;
  purchased_for_user_id?: number;
  options?: { quantity?: number };
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function field<K extends string>(body: unknown, key: K): unknown {
  return typeof body === 'object' && body !== null && key in body
    ? (body as Record<K, unknown>)[key]
    : undefined;
}

/** Calls on one app, as the given site (the joining site unless told). */
export function apiClient(t: TestApp | (() => TestApp), site: string = siteHost.onlineJoining) {
  const app = () => (typeof t === 'function' ? t() : t);
  const origin = `http://${site}`;

  async function request<T>(caller: Caller, method: Method, url: string, payload?: object) {
    const cookie = typeof caller === 'string' ? caller : caller?.cookie;
    const response = await app().app.inject({
      method,
      url,
      headers: { host: site, origin, ...(cookie ? { cookie } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
    const body = parse(response.body);
    const answer: ApiAnswer<T> = {
      status: response.statusCode,
      data: field(body, 'data') as T,
      message: field(body, 'message') as string | undefined,
      errors: field(body, 'errors') as Record<string, string[]> | undefined,
      body,
    };
    return answer;
  }

  /** The calls one caller (a customer, or a guest when `caller` is undefined) makes. */
  function as(caller: Caller) {
    const get = <T>(url: string) => request<T>(caller, 'GET', url);
    const post = <T>(url: string, payload?: object) => request<T>(caller, 'POST', url, payload);
    const put = <T>(url: string, payload?: object) => request<T>(caller, 'PUT', url, payload);
    const del = <T>(url: string, payload?: object) => request<T>(caller, 'DELETE', url, payload);
    return {
      get,
      post,
      put,
      delete: del,
      venue: (slug: string) => get<Venue>(`/api/activities/venues/${slug}`),
      membershipTypes: (venueId: number) =>
        get<MembershipType[]>(`/api/memberships/types?venue_id=${venueId}`),
      costs: (typeId: number, optionId: number, query: string) =>
        get<Costs>(`/api/memberships/types/${typeId}/payment-options/${optionId}?${query}`),
      cart: () => get<Cart>('/api/cart'),
      addToCart: (items: (AddItem | AddBookingItem)[]) => post<Cart>('/api/cart/add', { items }),
      /** a booking of `quantity` places (1 unless told) at a price band */
      book: (sessionId: number, priceId: number, quantity?: number) =>
        post<Cart>('/api/cart/add', {
          items: [
            {
              id: sessionId,
              type: 'booking',
              pricing_option_id: priceId,
              ...(quantity === undefined ? {} : { options: { quantity } }),
            },
          ],
        }),
      updateCartItem: (cartItemId: number | string, options: object) =>
        put<Cart>(`/api/cart/${cartItemId}`, { options }),
      removeFromCart: (cartItemIds: number[]) =>
        post<Cart>('/api/cart/remove', { cart_item_ids: cartItemIds }),
      discardCart: () => del<Cart>('/api/cart'),
      /** the terms to accept for a basket (this answer nests its list in a second `data`) */
      terms: (cartId: number) => get<{ data: CartTerms[] }>(`/api/terms?cart_id=${cartId}`),
      heldMemberships: () => get<HeldMembershipAnswer[]>('/api/my-account/memberships'),
    };
  }

  return { site, request, as, guest: as(undefined) };
}

export type Api = ReturnType<typeof apiClient>;
export type CallerApi = ReturnType<Api['as']>;
