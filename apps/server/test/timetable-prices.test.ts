import { sessionDetailsSchema, timetableSchema } from '@lido/contracts/activity-answers';
import type { SessionDetails, Timetable, TimetableSession } from '@lido/contracts/activity-answers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema.ts';
import { outstandingPenaltyMessage } from '../src/modules/activities/activities.service.ts';
import { createActivity, createSession, type TestActivity } from './support/activity-factories.ts';
import { apiClient, type Caller } from './support/api.ts';
import { createCustomer, heldMembership } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

/**
 * The price for this customer (issue 17 items 1, 2 and 6): a visitor sees the adult price with the
 * member band unavailable; a customer pays the cheapest band open to them on the session's date
 * whose booking window is open; members book further ahead; outstanding penalties block booking.
 * "Now" is Monday 23 November 2026, 12:00 in London (GMT).
 */

const now = '2026-11-23T12:00:00Z';
const venue = 'castlefield-leisure-centre';

describe('the timetable’s prices and booking windows', () => {
  let t: TestApp;
  const api = apiClient(() => t, siteHost.bookings);
  beforeAll(async () => {
    t = await createTestApp({ now });
  });
  afterAll(() => t?.close());

  async function timetable(caller: Caller, query = '') {
    const answer = await api.as(caller).get<Timetable>(`/api/activities/venues/${venue}/timetable${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(timetableSchema.safeParse(answer.data).error).toBeUndefined();
    return answer.data;
  }
  const entry = (answer: Timetable, id: number): TimetableSession => {
    const found = answer.days.flatMap((day) => day.sessions).find((session) => session.id === id);
    if (!found) throw new Error(`Session ${id} is not in the timetable`);
    return found;
  };
  const swim = (options: Parameters<typeof createActivity>[1] = {}) =>
    createActivity(t, {
      name: 'Public swim',
      prices: { adult: 650, junior: 400, concession: 450, member: 0 },
      ...options,
    });
  const tomorrowEvening = (activity: TestActivity) =>
    createSession(t, activity, { startsAt: new Date('2026-11-24T18:00:00Z') });

  it('shows a visitor the adult price, every band but member open, and validates as the contract', async () => {
    const activity = await swim();
    const session = await tomorrowEvening(activity);
    const answer = await timetable(undefined);
    expect(answer).toMatchObject({
      venue: { slug: venue },
      today: '2026-11-23',
      from: '2026-11-23',
      to: '2026-11-29',
      bookingBlocked: null,
    });
    expect(answer.days.map((day) => day.label)).toEqual([
      'Mon 23 Nov',
      'Tue 24 Nov',
      'Wed 25 Nov',
      'Thu 26 Nov',
      'Fri 27 Nov',
      'Sat 28 Nov',
      'Sun 29 Nov',
    ]);
    expect(answer.categories).toContainEqual({ key: activity.category.key, name: activity.category.name });
    const seen = entry(answer, session.id);
    expect(seen).toMatchObject({
      date: '2026-11-24',
      startTime: '18:00',
      endTime: '18:45',
      durationMinutes: 45,
      price: { formatted: '£6.50' },
      pricingOptionId: activity.price('adult').id,
      availability: { status: 'available', label: '20 spaces left', bookable: true, opensAt: null },
    });
    expect(
      seen.prices.map(({ band, label, price, available }) => [band, label, price.formatted, available]),
    ).toEqual([
      ['adult', 'Adult', '£6.50', true],
      ['junior', 'Junior', '£4.00', true],
      ['concession', 'Concession', '£4.50', true],
      ['member', 'Member', '£0.00', false],
    ]);
  });

  it('gives a member the member price, a junior the junior price and a 60-year-old the concession', async () => {
    const activity = await swim();
    const session = await tomorrowEvening(activity);
    const member = await createCustomer(t);
    await heldMembership(t, member, { slug: 'gym-anytime', optionKey: 'monthly', startDate: '2026-03-01' });
    const junior = await createCustomer(t, { dateOfBirth: '2012-06-01' });
    const senior = await createCustomer(t, { dateOfBirth: '1966-11-24' }); // 60 on the session's day
    const adult = await createCustomer(t, { dateOfBirth: '1990-04-02' });
    const noBirthday = await createCustomer(t, { dateOfBirth: null });
    const priceOf = async (caller: Caller) => {
      const seen = entry(await timetable(caller), session.id);
      return [
        seen.price?.formatted,
        seen.pricingOptionId,
        seen.prices.filter((p) => p.available).map((p) => p.band),
      ];
    };
    expect(await priceOf(member)).toEqual(['£0.00', activity.price('member').id, ['adult', 'member']]);
    expect(await priceOf(junior)).toEqual(['£4.00', activity.price('junior').id, ['adult', 'junior']]);
    expect(await priceOf(senior)).toEqual([
      '£4.50',
      activity.price('concession').id,
      ['adult', 'concession'],
    ]);
    expect(await priceOf(adult)).toEqual(['£6.50', activity.price('adult').id, ['adult']]);
    expect(await priceOf(noBirthday)).toEqual(['£6.50', activity.price('adult').id, ['adult']]);
  });

  it('counts a membership only on the dates it covers, and a junior by their age on the session’s date', async () => {
    const activity = await swim();
    const tomorrow = await tomorrowEvening(activity);
    const nextWeek = await createSession(t, activity, { startsAt: new Date('2026-11-27T18:00:00Z') });
    const ending = await createCustomer(t, { dateOfBirth: '1990-04-02' });
    await heldMembership(t, ending, {
      slug: 'swim-unlimited',
      optionKey: 'three-months',
      startDate: '2026-09-01',
      endDate: '2026-11-25',
    });
    const turning18 = await createCustomer(t, { dateOfBirth: '2008-11-26' });
    const ended = await createCustomer(t);
    await heldMembership(t, ended, {
      slug: 'gym-anytime',
      optionKey: 'monthly',
      status: 'cancelled',
      startDate: '2026-01-01',
    });
    const asEnding = await timetable(ending);
    expect(entry(asEnding, tomorrow.id).price?.formatted).toBe('£0.00');
    expect(entry(asEnding, nextWeek.id).price?.formatted).toBe('£6.50');
    const asTurning18 = await timetable(turning18);
    expect(entry(asTurning18, tomorrow.id).price?.formatted).toBe('£4.00');
    expect(entry(asTurning18, nextWeek.id).price?.formatted).toBe('£6.50');
    expect(entry(await timetable(ended), tomorrow.id).price?.formatted).toBe('£6.50');
  });

  it('says when booking opens, and lets members book further ahead', async () => {
    const activity = await swim(); // member window 7 days, the others 5
    // Sunday 29 November: the 5-day window opens on Tuesday 24 November at 08:00.
    const sunday = await createSession(t, activity, { startsAt: new Date('2026-11-29T10:00:00Z') });
    // Saturday 5 December: even members wait until Saturday 28 November.
    const later = await createSession(t, activity, { startsAt: new Date('2026-12-05T10:00:00Z') });
    const member = await createCustomer(t);
    await heldMembership(t, member, { slug: 'gym-anytime', optionKey: 'monthly', startDate: '2026-03-01' });

    const visitor = await timetable(undefined, '?from=2026-11-29&days=7');
    expect(entry(visitor, sunday.id)).toMatchObject({
      price: { formatted: '£6.50' },
      availability: {
        status: 'not_yet_open',
        label: 'Booking opens Tue 08:00',
        opensAt: '2026-11-24T08:00:00.000Z',
        bookable: false,
      },
    });
    expect(entry(visitor, later.id).availability.label).toBe('Booking opens Mon 30 Nov 08:00');

    const asMember = await timetable(member, '?from=2026-11-29&days=7');
    expect(entry(asMember, sunday.id)).toMatchObject({
      price: { formatted: '£0.00' },
      availability: { status: 'available', bookable: true },
    });
    expect(entry(asMember, later.id)).toMatchObject({
      price: { formatted: '£0.00' },
      pricingOptionId: activity.price('member').id,
      availability: { status: 'not_yet_open', label: 'Booking opens Sat 08:00' },
    });
  });

  it('offers a dearer band whose window is open before a cheaper one that is not open yet', async () => {
    const activity = await swim({ windows: { adult: 5, junior: 2, concession: 5, member: 7 } });
    // Friday 27 November: adult has been open since Sunday 08:00, junior opens Wednesday 08:00.
    const friday = await createSession(t, activity, { startsAt: new Date('2026-11-27T17:00:00Z') });
    const junior = await createCustomer(t, { dateOfBirth: '2014-02-02' });
    const seen = entry(await timetable(junior), friday.id);
    expect(seen).toMatchObject({
      price: { formatted: '£6.50' },
      pricingOptionId: activity.price('adult').id,
      availability: { status: 'available', bookable: true },
    });
  });

  it('blocks a customer with an outstanding penalty and tells them what to do', async () => {
    const activity = await swim();
    const session = await tomorrowEvening(activity);
    const penalised = await createCustomer(t);
    await t.database.db
      .update(customers)
      .set({ hasOutstandingPenalties: true })
      .where(eq(customers.id, penalised.id));
    const answer = await timetable(penalised);
    expect(answer.bookingBlocked).toBe(outstandingPenaltyMessage);
    expect(entry(answer, session.id).availability).toMatchObject({ status: 'available', bookable: false });
    const details = await api.as(penalised).get<SessionDetails>(`/api/activities/sessions/${session.id}`);
    expect(details.data.bookingBlocked).toBe(outstandingPenaltyMessage);
    expect(details.data.availability.bookable).toBe(false);
  });

  it('answers a session’s page with its details, for a visitor and for a member', async () => {
    const activity = await swim({ waiverRequired: true, minAge: 8, cancellationCutoffMinutes: 180 });
    const session = await tomorrowEvening(activity);
    const visitor = await api.guest.get<SessionDetails>(`/api/activities/sessions/${session.id}`);
    expect(visitor.status).toBe(200);
    expect(sessionDetailsSchema.safeParse(visitor.data).error).toBeUndefined();
    expect(visitor.data).toMatchObject({
      id: session.id,
      venue: { slug: venue, name: 'Castlefield Leisure Centre' },
      description: 'A test activity.',
      waiverRequired: true,
      waiverText: 'I climb at my own risk.',
      ageLimit: 'Ages 8 and over',
      cancellationPolicy: 'Bookings can be cancelled up to 3 hours before the start.',
      price: { formatted: '£6.50' },
      bookingBlocked: null,
      location: { name: 'Studio 1', kind: 'studio' },
      instructor: 'Sam Rivers',
    });
    const member = await createCustomer(t);
    await heldMembership(t, member, { slug: 'gym-anytime', optionKey: 'monthly', startDate: '2026-03-01' });
    const asMember = await api.as(member).get<SessionDetails>(`/api/activities/sessions/${session.id}`);
    expect(asMember.data.price?.formatted).toBe('£0.00');
  });

  it('treats an unknown or expired session cookie as a visitor rather than refusing', async () => {
    const activity = await swim();
    const session = await tomorrowEvening(activity);
    const answer = await timetable('lido_authToken=not-a-real-token');
    expect(entry(answer, session.id).price?.formatted).toBe('£6.50');
  });
});
