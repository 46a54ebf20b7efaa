import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, monthlyGymMember, threeMonthSwimmer } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const host = 'localhost:3002';

type Listed = {
  slug: string;
  paymentOptions: {
    id: number;
    paymentType: string;
    isPurchasable: { canPurchase: boolean; hasPrices: boolean; message: string | null };
  }[];
};

describe('eligibility and changing a membership, on 21 Nov 2026', () => {
  let t: TestApp;
  /** A customer born on this day. */
  const bornOn = async (dateOfBirth: string) => (await createCustomer(t, { dateOfBirth })).cookie;
  /** A member paying £30.00 a month for Gym Anytime by Direct Debit on the 15th. */
  const gymMember = async () => (await monthlyGymMember(t)).member.cookie;
  const venueId = async (slug: string) =>
    (await t.app.inject({ url: `/api/activities/venues/${slug}` })).json().data.id as number;
  const listAt = async (slug: string, cookie?: string) =>
    (
      await t.app.inject({
        url: `/api/memberships/types?venue_id=${await venueId(slug)}`,
        headers: cookie ? { host, cookie } : { host },
      })
    ).json().data as Listed[];
  const heldId = async (cookie: string) =>
    (await t.app.inject({ url: '/api/my-account/memberships', headers: { host, cookie } })).json().data[0]
      .id as number;

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells a logged-in customer what they cannot buy and why; guests see every price', async () => {
    const alex = await listAt('castlefield-leisure-centre', await bornOn('1994-03-12'));
    const junior = alex.find((type) => type.slug === 'junior-active')!;
    expect(junior.paymentOptions[0]!.isPurchasable).toEqual({
      canPurchase: false,
      hasPrices: false,
      message: 'This membership is for members aged 11 to 17.',
    });
    const senior = alex.find((type) => type.slug === 'active-60')!;
    expect(senior.paymentOptions[0]!.isPurchasable.message).toBe(
      'This membership is for members aged 60 and over.',
    );
    const student = alex.find((type) => type.slug === 'student-fitness')!;
    expect(student.paymentOptions[0]!.isPurchasable.canPurchase).toBe(true); // proof is asked for later

    const casey = await listAt('castlefield-leisure-centre', await bornOn('2012-09-04')); // aged 14
    expect(
      casey.find((type) => type.slug === 'junior-active')!.paymentOptions[0]!.isPurchasable.canPurchase,
    ).toBe(true);

    const guest = await listAt('castlefield-leisure-centre');
    expect(
      guest.find((type) => type.slug === 'junior-active')!.paymentOptions[0]!.isPurchasable.canPurchase,
    ).toBe(true);
  });

  it('offers the other monthly memberships at the member’s centre', async () => {
    const cookie = await gymMember();
    const response = await t.app.inject({
      url: `/api/memberships/${await heldId(cookie)}/change`,
      headers: { host, cookie },
    });
    expect(response.statusCode).toBe(200);
    const types = response.json().data as Listed[];
    expect(types.map((type) => type.slug)).not.toContain('gym-anytime');
    expect(types.map((type) => type.slug)).toContain('national-all-access');
    for (const type of types)
      for (const option of type.paymentOptions) expect(option.paymentType).toBe('recurring');
  });

  it('prices a change by pricing.md: the pro-rated difference now for a dearer one, nothing for a cheaper one', async () => {
    const cookie = await gymMember();
    const id = await heldId(cookie);
    const types = (
      await t.app.inject({ url: `/api/memberships/${id}/change`, headers: { host, cookie } })
    ).json().data as (Listed & { id: number })[];
    const optionOf = (slug: string) => types.find((type) => type.slug === slug)!.paymentOptions[0]!.id;

    const dearer = await t.app.inject({
      url: `/api/memberships/${id}/change/${optionOf('national-all-access')}?starts_at=2026-11-22`,
      headers: { host, cookie },
    });
    expect(dearer.statusCode).toBe(200);
    // £15.99 × 12 × 23 days (22 Nov to 14 Dec) / 365 = £12.09
    expect(dearer.json().data).toMatchObject({
      totalDueNow: {
        formatted: '£12.09',
        composition: { monthInHand: { formatted: '£12.09' }, fees: { formatted: '£0.00' } },
      },
      newMembershipPrice: { formatted: '£45.99' },
      differenceToOldMembership: '£15.99 more per month',
      startsAt: { min: '2026-11-22', max: '2026-12-21' },
    });
    const cheaper = await t.app.inject({
      url: `/api/memberships/${id}/change/${optionOf('off-peak-gym')}?starts_at=2026-12-01`,
      headers: { host, cookie },
    });
    expect(cheaper.json().data).toMatchObject({
      totalDueNow: { formatted: '£0.00' },
      differenceToOldMembership: '£10.00 less per month',
    });
    const today = await t.app.inject({
      url: `/api/memberships/${id}/change/${optionOf('off-peak-gym')}?starts_at=2026-11-21`,
      headers: { host, cookie },
    });
    expect(today.statusCode).toBe(422);
    expect(today.json().errors).toEqual({
      startsAt: ['The change date must be between 22/11/2026 and 21/12/2026.'],
    });
  });

  it("never shows or prices another customer's membership (S17)", async () => {
    const priyaMembership = await heldId(await gymMember());
    const alex = (await createCustomer(t)).cookie;
    expect(
      (
        await t.app.inject({
          url: `/api/memberships/${priyaMembership}/change`,
          headers: { host, cookie: alex },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/api/memberships/${priyaMembership}/change/1?starts_at=2026-11-22`,
          headers: { host, cookie: alex },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/memberships/${priyaMembership}/change`, headers: { host } }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses to change a single payment membership', async () => {
    const cookie = (await threeMonthSwimmer(t)).member.cookie;
    const response = await t.app.inject({
      url: `/api/memberships/${await heldId(cookie)}/change`,
      headers: { host, cookie },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Only an active monthly membership can be changed.');
  });
});
