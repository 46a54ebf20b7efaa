import type { Booking } from '@lido/contracts/account';
import type { Order } from '@lido/contracts/order';
import { noteAuthState } from '../../src/app/session/session-store.ts';

/** Pence as the answers carry money. */
export const gbp = (pence: number) => ({
  raw: { amount: pence, currency: 'GBP' },
  decimal: (pence / 100).toFixed(2),
  formatted: `£${(pence / 100).toFixed(2)}`,
});

/** The browser's auth state cookie says a session exists, as after a login. */
export function loggedIn(): void {
  document.cookie = 'lido_authState=in.test';
  noteAuthState(null);
}

export const priya = {
  id: 2,
  reference: 'C100002',
  firstName: 'Priya',
  lastName: 'Shah',
  email: 'priya.shah@example.org',
  homeVenueSlug: 'castlefield-leisure-centre',
  hasOutstandingPenalties: false,
  membershipUser: { id: 2, homeVenueId: 1 },
  credit: { balance: 1250 },
  hasInstruction: true,
  hasBillingDate: true,
  billingDay: 15,
  documentExpiry: [],
  membershipDocumentUploadRequired: false,
  profilePhoto: null,
};

/** A spin class for two adults and a junior swim, paid by card after £5.00 of credit. */
export const bookedOrder: Order = {
  id: 41,
  reference: 'LD-000041',
  orderType: 'booking',
  brand: 'Brightwater Leisure',
  tax: gbp(0),
  total: gbp(1600),
  payment: { method: 'card', cardLastFour: '0006', card: gbp(1100), credit: gbp(500) },
  enablePrintReceipt: true,
  items: [
    {
      type: 'booking',
      bookingId: 7,
      name: 'Spin',
      priceBreakdown: { decimal: '13.00' },
      related: {
        simpleName: 'Spin',
        id: 3,
        category: 'Fitness classes',
        venue: 'Castlefield Leisure Centre',
        venueType: 'leisure_centre',
      },
      quantity: 2,
      variant: 'Adult',
      startsAt: '2026-11-24T18:00:00.000Z',
      endsAt: '2026-11-24T18:45:00.000Z',
      when: 'Tue 24 Nov 2026, 18:00 to 18:45',
      location: 'Studio 1',
      total: gbp(1300),
    },
    {
      type: 'booking',
      bookingId: 8,
      name: 'Public swim',
      priceBreakdown: { decimal: '3.00' },
      related: {
        simpleName: 'Public swim',
        id: 4,
        category: 'Swimming',
        venue: 'Castlefield Leisure Centre',
        venueType: 'leisure_centre',
      },
      quantity: 1,
      variant: 'Junior',
      startsAt: '2026-11-25T09:00:00.000Z',
      endsAt: '2026-11-25T10:00:00.000Z',
      when: 'Wed 25 Nov 2026, 09:00 to 10:00',
      location: 'Main pool',
      total: gbp(300),
    },
  ],
};

/** An upcoming spin class that can still be cancelled for £6.50 back in account credit. */
export function upcomingBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 7,
    activityName: 'Spin',
    venueName: 'Castlefield Leisure Centre',
    startsAt: '2026-11-24T18:00:00.000Z',
    prettyStartsAt: 'Tue 24 Nov 2026, 18:00',
    status: 'booked',
    price: gbp(650),
    upcoming: true,
    sessionId: 90,
    orderId: 41,
    endsAt: '2026-11-24T18:45:00.000Z',
    when: 'Tue 24 Nov 2026, 18:00 to 18:45',
    locationName: 'Studio 1',
    quantity: 1,
    cancellation: {
      allowed: true,
      reason: null,
      cancelBefore: '2026-11-24T16:00:00.000Z',
      refund: gbp(650),
      refundMethod: 'credit',
      refundText: '£6.50 will be added to your account credit.',
    },
    guestName: null,
    note: null,
    ...overrides,
  };
}
