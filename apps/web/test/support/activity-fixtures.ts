import type { SessionDetails, Timetable, TimetableSession } from '@lido/contracts/activities';
import type { Cart, CartItem } from '@lido/contracts/cart';
import { camelToSnake, convertKeys } from '@lido/contracts/case';
import { noteAuthState } from '../../src/app/session/session-store.ts';

/** What the server sends: snake_case keys, as the API client expects to convert. */
export const wire = (value: unknown) => ({ body: { data: convertKeys(value, camelToSnake) } });

export const money = (pence: number) => ({
  raw: { amount: pence, currency: 'GBP' },
  decimal: (pence / 100).toFixed(2),
  formatted: `£${(pence / 100).toFixed(2)}`,
});

export function session(overrides: Partial<TimetableSession> = {}): TimetableSession {
  return {
    id: 501,
    kind: 'session',
    activity: { id: 11, name: 'Spin', category: { key: 'fitness-classes', name: 'Fitness classes' } },
    startsAt: '2026-11-24T18:00:00.000Z',
    endsAt: '2026-11-24T18:45:00.000Z',
    date: '2026-11-24',
    startTime: '18:00',
    endTime: '18:45',
    durationMinutes: 45,
    location: { name: 'Studio 1', kind: 'studio' },
    instructor: 'Sam Patel',
    capacity: 20,
    availability: { status: 'few', label: '3 spaces left', spacesLeft: 3, opensAt: null, bookable: true },
    price: money(650),
    pricingOptionId: 71,
    yourPrice: null,
    prices: [
      { id: 71, band: 'adult', label: 'Adult', price: money(650), available: true, yourPrice: null },
      { id: 72, band: 'junior', label: 'Junior', price: money(400), available: false, yourPrice: null },
      {
        id: 73,
        band: 'concession',
        label: 'Concession',
        price: money(450),
        available: true,
        yourPrice: null,
      },
      { id: 74, band: 'member', label: 'Member', price: money(0), available: false, yourPrice: null },
    ],
    ageLimit: 'Ages 16 and over',
    notForThem: null,
    waiverRequired: false,
    ...overrides,
  };
}

export const fullSession = session({
  id: 502,
  activity: { id: 12, name: 'Yoga', category: { key: 'fitness-classes', name: 'Fitness classes' } },
  startsAt: '2026-11-24T07:00:00.000Z',
  startTime: '07:00',
  endTime: '08:00',
  instructor: null,
  availability: { status: 'full', label: 'Full', spacesLeft: 0, opensAt: null, bookable: false },
});

export function timetable(overrides: Partial<Timetable> = {}): Timetable {
  return {
    venue: { id: 1, slug: 'castlefield', name: 'Castlefield Leisure Centre' },
    today: '2026-11-24',
    from: '2026-11-24',
    to: '2026-11-30',
    categories: [
      { key: 'fitness-classes', name: 'Fitness classes' },
      { key: 'swimming', name: 'Swimming' },
    ],
    days: [
      { date: '2026-11-24', label: 'Tue 24 Nov', sessions: [fullSession, session()] },
      {
        date: '2026-11-25',
        label: 'Wed 25 Nov',
        sessions: [
          session({
            id: 503,
            kind: 'facility',
            activity: { id: 13, name: 'Badminton', category: { key: 'courts', name: 'Courts' } },
            date: '2026-11-25',
            startTime: '19:00',
            endTime: '20:00',
            location: { name: 'Sports hall', kind: 'hall' },
            instructor: null,
            availability: {
              status: 'available',
              label: '3 courts free',
              spacesLeft: 3,
              opensAt: null,
              bookable: true,
            },
          }),
        ],
      },
      { date: '2026-11-26', label: 'Thu 26 Nov', sessions: [] },
      { date: '2026-11-27', label: 'Fri 27 Nov', sessions: [] },
      { date: '2026-11-28', label: 'Sat 28 Nov', sessions: [] },
      { date: '2026-11-29', label: 'Sun 29 Nov', sessions: [] },
      { date: '2026-11-30', label: 'Mon 30 Nov', sessions: [] },
    ],
    bookingBlocked: null,
    ...overrides,
  };
}

export function sessionDetails(overrides: Partial<SessionDetails> = {}): SessionDetails {
  return {
    ...session(),
    venue: { id: 1, slug: 'castlefield', name: 'Castlefield Leisure Centre' },
    description: 'A 45-minute indoor cycling class.',
    waiverText: '',
    cancellationPolicy: 'Cancel up to 2 hours before the start for a refund.',
    bookingBlocked: null,
    ...overrides,
  };
}

export function bookingLine(overrides: Partial<Extract<CartItem, { type: 'booking' }>> = {}): CartItem {
  return {
    id: 900,
    type: 'booking',
    objectId: 501,
    pricingOptionId: 71,
    purchasedForUserId: 7,
    name: 'Spin',
    description: 'Spin at Castlefield Leisure Centre',
    venue: { id: 1, name: 'Castlefield Leisure Centre' },
    categories: ['Fitness classes'],
    options: { quantity: 2 },
    session: {
      id: 501,
      startsAt: '2026-11-24T18:00:00.000Z',
      endsAt: '2026-11-24T18:45:00.000Z',
      when: 'Tue 24 Nov 2026, 18:00 to 18:45',
      location: 'Studio 1',
      instructor: 'Sam Patel',
    },
    priceBand: { band: 'adult', label: 'Adult' },
    unitPrice: money(650),
    price: money(1300),
    heldUntil: '2099-11-24T18:15:00.000Z',
    waiverRequired: false,
    waiverText: '',
    packageUsage: null,
    sortBy: 1,
    enablePrintReceipt: true,
    guestName: null,
    note: null,
    warnings: [],
    ...overrides,
  };
}

export function cartWith(items: CartItem[], overrides: Partial<Cart> = {}): Cart {
  const total = items.reduce((sum, item) => sum + item.price.raw.amount, 0);
  return {
    cartId: 40,
    uuid: 'c0ffee00-0000-4000-8000-000000000040',
    items,
    totals: {
      total,
      taxTotal: 0,
      subTotal: total,
      balance: total,
      itemCount: items.length,
      formattedTotal: money(total).formatted,
      formattedBalance: money(total).formatted,
    },
    selectedUserId: 7,
    completeOrderId: null,
    credits: {
      membership: { type: 'membership', totalAvailable: 0, maxApplicable: 0 },
      general: { type: 'general', totalAvailable: 0, maxApplicable: 0 },
    },
    payments: [],
    attendeeWaiversRequired: items.some((item) => item.type === 'booking' && item.waiverRequired),
    ...overrides,
  };
}

export const testUser = {
  id: 7,
  reference: 'C100007',
  firstName: 'Alex',
  lastName: 'Morgan',
  homeVenueSlug: 'castlefield',
  hasOutstandingPenalties: false,
};

/** A logged-in tab: the readable auth state cookie, as after a login. */
export function logIn(): void {
  document.cookie = 'lido_authState=in.test';
  noteAuthState('in.test');
}

export function logOut(): void {
  document.cookie = 'lido_authState=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  noteAuthState(null);
}
