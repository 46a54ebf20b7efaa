import { getActingCustomerId } from '../../app/session/acting-customer.ts';
import { type OutgoingCall, setCallAdjuster } from '../../lib/api/api-client.ts';

/**
 * The customer routes the staff site calls for the selected customer (issue 19 item 3): basket,
 * checkout, joining, change and renew, bookings and the customer's own reads. Settings, theme,
 * terms, data fields and the staff calls themselves are nobody's, so they go unchanged.
 */
const actingPrefixes = [
  'cart',
  'checkout',
  // the card's 3-D Secure answer posted by the page (Stripe), for the desk's card (decision 0058)
  'payment-providers/sca-completion',
  'memberships',
  // a joining customer's answers to the membership's questions are theirs
  'custom-questions',
  'activities',
  'my-account',
  'orders',
  'auth/user',
];

function isActingPath(path: string): boolean {
  const clean = path.replace(/^\/+/, '').replace(/^api\//, '');
  // `terms?cart_id=` asks for the terms of the customer's basket; `terms/...` are the operator's.
  if (clean === 'terms') return true;
  return actingPrefixes.some((prefix) => clean === prefix || clean.startsWith(`${prefix}/`));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * My account's writes the customer may not make at the desk themselves (decision 0055) but a
 * supervisor may make for them (issue 34 item 8, decision 0085): cancelling a booking, cancelling or
 * freezing a membership. My account's own pages and hooks send them; on the staff site they go to
 * the supervisor's staff route for the selected customer, so the desk reuses those pages' rules,
 * words and cache updates instead of keeping a second copy.
 */
const supervisorWrites: [RegExp, (customerId: number, id: string) => string][] = [
  [/^my-account\/bookings\/(\d+)\/cancel$/, (c, id) => `staff/customers/${c}/bookings/${id}/cancel`],
  [/^my-account\/memberships\/(\d+)\/cancel$/, (c, id) => `staff/customers/${c}/memberships/${id}/cancel`],
  [/^my-account\/memberships\/(\d+)\/freeze$/, (c, id) => `staff/customers/${c}/memberships/${id}/freeze`],
];

function supervisorWrite(call: OutgoingCall, customerId: number): string | undefined {
  if (call.method !== 'POST') return undefined;
  const clean = call.path.replace(/^\/+/, '').replace(/^api\//, '');
  for (const [pattern, staffPath] of supervisorWrites) {
    const found = pattern.exec(clean);
    if (found) return staffPath(customerId, found[1]!);
  }
  return undefined;
}

/**
 * Names the selected customer on a call with the `selected_user_id` query parameter, never by
 * adding to a body (many bodies are strict and would refuse a field they do not have). A call that
 * already names someone, in its body or query (a family member chosen on the page), keeps its
 * choice; with nobody selected nothing is added, and the server refuses.
 */
export function actForSelectedCustomer(call: OutgoingCall, customerId: number | null): OutgoingCall {
  if (customerId === null) return call;
  const supervisorPath = supervisorWrite(call, customerId);
  if (supervisorPath) return { ...call, path: supervisorPath };
  if (!isActingPath(call.path)) return call;
  if (isPlainObject(call.body) && ('selectedUserId' in call.body || 'selected_user_id' in call.body))
    return call;
  const query = call.query ?? {};
  if (query.selectedUserId != null || query.selected_user_id != null) return call;
  return { ...call, query: { ...query, selectedUserId: customerId } };
}

/** The staff site's entry installs this once: every call from then on acts for the selected customer. */
export function actForSelectedCustomerOnEveryCall(): void {
  setCallAdjuster((call) => actForSelectedCustomer(call, getActingCustomerId()));
}
