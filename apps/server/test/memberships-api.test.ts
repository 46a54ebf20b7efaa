import { membershipTypeSchema, costsSchema } from '@lido/contracts/membership';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoVenues } from '../src/db/seed/demo-operator.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** Looks up ids the way a browser would, by listing what a centre sells. */
async function catalogueAt(t: TestApp, venueSlug: string) {
  const venue = (await t.app.inject({ url: `/api/activities/venues/${venueSlug}` })).json().data as {
    id: number;
  };
  const types = (await t.app.inject({ url: `/api/memberships/types?venue_id=${venue.id}` })).json().data as {
    id: number;
    slug: string;
    paymentOptions: { id: number; paymentType: string; fixedDuration: number | null }[];
  }[];
  const option = (slug: string, paymentType = 'recurring') => {
    const type = types.find((candidate) => candidate.slug === slug);
    if (!type) throw new Error(`${slug} is not sold at ${venueSlug}`);
    const found = type.paymentOptions.find((candidate) => candidate.paymentType === paymentType);
    if (!found) throw new Error(`${slug} has no ${paymentType} option`);
    return { typeId: type.id, optionId: found.id, venueId: venue.id };
  };
  return { venue, types, option };
}

async function costs(
  t: TestApp,
  ids: { typeId: number; optionId: number; venueId: number },
  query: Record<string, string | number>,
  cookie?: string,
) {
  const search = new URLSearchParams({
    venue_id: String(ids.venueId),
    ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  return t.app.inject({
    url: `/api/memberships/types/${ids.typeId}/payment-options/${ids.optionId}?${search}`,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

describe('membership catalogue calls, on 21 Nov 2026', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists what a centre sells: its own memberships and the national ones, in catalogue order', async () => {
    const { types } = await catalogueAt(t, 'clifton-lido-and-spa');
    expect(types.map((type) => type.slug)).toEqual([
      'swim-unlimited',
      'active-60',
      'national-all-access',
      'corporate-wellbeing',
    ]);
    for (const type of types) membershipTypeSchema.parse(type);
    const digbeth = await catalogueAt(t, 'digbeth-climbing-and-fitness');
    expect(digbeth.types.map((type) => type.slug)).toContain('climbing-unlimited');
    expect(types.map((type) => type.slug)).not.toContain('climbing-unlimited');
  });

  it('describes a membership fully: categories, coverage, eligibility, benefits, prices and purchasability', async () => {
    const { types } = await catalogueAt(t, 'castlefield-leisure-centre');
    const junior = membershipTypeSchema.parse(types.find((type) => type.slug === 'junior-active'));
    expect(junior.categories.map((c) => c.name)).toEqual(['Gym', 'Swim', 'Junior']);
    expect(junior.eligibility).toEqual({
      name: 'Junior (11 to 17)',
      description: 'For members aged 11 to 17 on the day they join.',
      requiresEligibility: false,
    });
    const student = membershipTypeSchema.parse(types.find((type) => type.slug === 'student-fitness'));
    expect(student.eligibility?.requiresEligibility).toBe(true);
    const national = membershipTypeSchema.parse(types.find((type) => type.slug === 'national-all-access'));
    expect(national.coverage).toBe('national');
    expect(national.providesAccessTo).toHaveLength(demoVenues.length);
    const gym = membershipTypeSchema.parse(types.find((type) => type.slug === 'gym-anytime'));
    expect(gym.benefits[1]).toEqual({
      name: 'Guest passes',
      totalUses: 2,
      frequency: 'month',
      description: '',
    });
    expect(gym.paymentOptions[0]).toMatchObject({
      paymentType: 'recurring',
      globalBasePrice: { raw: { amount: 3000, currency: 'GBP' }, decimal: '30.00', formatted: '£30.00' },
      fees: { joiningFee: { formatted: '£20.00' } },
      isPurchasable: { canPurchase: true, hasPrices: true, message: null },
    });
    expect(gym.paymentOptions[1]).toMatchObject({
      paymentType: 'fixed',
      fixedDuration: 12,
      fixedPeriod: 'month',
    });
    const corporate = membershipTypeSchema.parse(types.find((type) => type.slug === 'corporate-wellbeing'));
    expect(corporate.paymentOptions[0]?.isPurchasable).toEqual({
      canPurchase: false,
      hasPrices: true,
      message: "Available through your employer's wellbeing scheme.",
    });
  });

  it.each([
    ['gym-anytime', '2026-11-21', 1, 10, '£9.86', '£0.00', '01 Dec 2026', '£29.86'],
    ['gym-anytime', '2026-11-25', 1, 6, '£5.92', '£0.00', '01 Dec 2026', '£25.92'],
    ['gym-anytime', '2026-11-21', 28, 7, '£6.90', '£30.00', '28 Dec 2026', '£56.90'],
    ['gym-flex', '2026-11-21', 1, 10, '£9.86', '£30.00', '01 Jan 2027', '£59.86'],
    ['gym-anytime', '2026-12-01', 1, 0, '£0.00', '£0.00', '01 Dec 2026', '£20.00'],
  ] as const)(
    'reproduces pricing.md: %s from %s, billing day %i',
    async (
      slug,
      startDate,
      billingDay,
      proRataDays,
      proRataFee,
      monthInHandFee,
      prettyFirstBillingDate,
      total,
    ) => {
      const { option } = await catalogueAt(t, 'castlefield-leisure-centre');
      const response = await costs(t, option(slug), { start_date: startDate, billing_day: billingDay });
      expect(response.statusCode).toBe(200);
      const answer = costsSchema.parse(response.json().data);
      expect(answer).toMatchObject({
        proRataDays,
        prettyFirstBillingDate,
        totalToPayNow: { formatted: total },
      });
      expect(answer.fees.proRataFee.formatted).toBe(proRataFee);
      expect(answer.fees.monthInHandFee.formatted).toBe(monthInHandFee);
    },
  );

  it('prices a single payment membership with its end date', async () => {
    const { option } = await catalogueAt(t, 'castlefield-leisure-centre');
    const response = await costs(t, option('gym-anytime', 'fixed'), { start_date: '2026-12-01' });
    expect(response.json().data).toMatchObject({
      paymentType: 'fixed',
      endDate: '2027-11-30',
      prettyFirstBillingDate: null,
      totalToPayNow: { raw: { amount: 30000, currency: 'GBP' } },
    });
  });

  it('refuses bad dates, billing days and centres with field messages', async () => {
    const { option } = await catalogueAt(t, 'castlefield-leisure-centre');
    const ids = option('gym-anytime');
    const past = await costs(t, ids, { start_date: '2026-11-20', billing_day: 1 });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({
      startDate: ['The start date must be between 21/11/2026 and 21/12/2026.'],
    });
    const badDay = await costs(t, ids, { start_date: '2026-11-21', billing_day: 31 });
    expect(badDay.json().errors).toEqual({ billingDay: ['The billing day must be one of 1, 15, 28.'] });
    const noDay = await costs(t, ids, { start_date: '2026-11-21' });
    expect(noDay.json().errors).toEqual({ billingDay: ['Choose a billing day.'] });
    const notADate = await costs(t, ids, { start_date: '2026-02-30', billing_day: 1 });
    expect(notADate.json().errors).toEqual({ startDate: ['The start date must be a real date.'] });
    const clifton = (await catalogueAt(t, 'clifton-lido-and-spa')).venue;
    const elsewhere = await costs(
      t,
      { ...ids, venueId: clifton.id },
      { start_date: '2026-11-21', billing_day: 1 },
    );
    expect(elsewhere.json().errors).toEqual({
      venueId: ['This membership is not available at the chosen centre.'],
    });
    const wrongPair = await t.app.inject({
      url: `/api/memberships/types/${ids.typeId + 1}/payment-options/${ids.optionId}?venue_id=${ids.venueId}&start_date=2026-11-21&billing_day=1`,
    });
    expect(wrongPair.statusCode).toBe(404);
  });

  it('validates promotion codes: usable ones answer id and code; unknown, expired and ineligible ones look the same', async () => {
    const { option } = await catalogueAt(t, 'castlefield-leisure-centre');
    const gym = option('gym-anytime');
    const ok = await t.app.inject({
      url: `/api/v1/membership-promotions/validate/welcome20/${gym.optionId}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ code: 'WELCOME20' });
    const answers = await Promise.all(
      ['NOSUCHCODE', 'SUMMER25', 'SWIMFREEJOIN'].map((code) =>
        t.app.inject({ url: `/api/v1/membership-promotions/validate/${code}/${gym.optionId}` }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: 'Code not recognised' });
    }
  });

  it('takes an applied code off the costs', async () => {
    const { option } = await catalogueAt(t, 'castlefield-leisure-centre');
    const gym = option('gym-anytime');
    const validated = await t.app.inject({
      url: `/api/v1/membership-promotions/validate/WELCOME20/${gym.optionId}`,
    });
    const promo = validated.json().data;
    // The browser that checked the code is the one that may apply it.
    const browser = String(validated.headers['set-cookie']).split(';')[0];
    const response = await costs(
      t,
      gym,
      { start_date: '2026-11-21', billing_day: 1, promotion_code_id: promo.id },
      browser,
    );
    // 20% of (£20.00 joining + £9.86 pro-rata) = £5.97 (597.2p)
    expect(response.json().data).toMatchObject({
      fees: { discount: { raw: { amount: 597 } } },
      totalToPayNow: { raw: { amount: 2389 } },
    });
    const expired = (await t.app.inject({ url: '/api/v1/membership-promotions/validate/SUMMER25/1' }))
      .statusCode;
    expect(expired).toBe(404);
  });

  it('answers the three kinds of terms, preferring a membership’s own', async () => {
    const { types } = await catalogueAt(t, 'castlefield-leisure-centre');
    const gym = types.find((type) => type.slug === 'gym-anytime')!;
    const junior = types.find((type) => type.slug === 'junior-active')!;
    expect((await t.app.inject({ url: '/api/terms/direct-debit' })).json().data.title).toBe(
      'Direct Debit terms',
    );
    expect((await t.app.inject({ url: `/api/terms/membership/${gym.id}` })).json().data.title).toBe(
      'Membership terms and conditions',
    );
    expect((await t.app.inject({ url: `/api/terms/membership/${junior.id}` })).json().data.title).toBe(
      'Junior membership terms',
    );
    expect(
      (await t.app.inject({ url: `/api/terms/membership/${gym.id}/health-commitment` })).json().data.title,
    ).toBe('Health commitment');
    expect((await t.app.inject({ url: '/api/terms/membership/99999' })).statusCode).toBe(404);
  });

  it('answers additional questions in their groups, with defaults', async () => {
    const { types } = await catalogueAt(t, 'castlefield-leisure-centre');
    const gym = types.find((type) => type.slug === 'gym-anytime')!;
    const groups = (await t.app.inject({ url: `/api/custom-questions/memberships/${gym.id}` })).json().data;
    expect(groups.map((group: { title: string }) => group.title)).toEqual(['About you', 'Your goals']);
    const questions = groups.flatMap((group: { questions: unknown[] }) => group.questions);
    expect(questions.map((q: { type: string }) => q.type)).toEqual([
      'text',
      'number',
      'select',
      'multi_select',
      'date',
      'checkbox',
    ]);
    expect(questions[3]).toMatchObject({
      label: 'Which activities interest you?',
      default: '["classes"]',
      options: { classes: 'Fitness classes' },
    });
    expect(questions[0]).toMatchObject({ isRequired: true, placeholder: 'Full name' });
  });

  it('answers 422 for ids that are not numbers and 404 for an unknown centre', async () => {
    const bad = await t.app.inject({ url: '/api/memberships/types?venue_id=abc' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ venueId: ['The venue must be a number.'] });
    expect((await t.app.inject({ url: '/api/memberships/types?venue_id=99999' })).statusCode).toBe(404);
  });
});

describe('the national monthly membership on 2 Jan 2027', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2027-01-02T09:00:00Z' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reproduces pricing.md: £45.99 from 30 Jan, billing day 15', async () => {
    const { option } = await catalogueAt(t, 'hoe-park-fitness');
    const response = await costs(t, option('national-all-access'), {
      start_date: '2027-01-30',
      billing_day: 15,
    });
    expect(response.json().data).toMatchObject({
      proRataDays: 16,
      fees: { proRataFee: { raw: { amount: 2419 } }, monthInHandFee: { raw: { amount: 0 } } },
      prettyFirstBillingDate: '15 Feb 2027',
      totalToPayNow: { formatted: '£24.19' },
    });
  });
});
