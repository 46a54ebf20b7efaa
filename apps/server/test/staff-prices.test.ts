import fs from 'node:fs';
import type { StaffPackage, StaffPrices } from '@lido/contracts/prices-offers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoCataloguePath } from '../src/db/seed/seed-demo.ts';
import { exportCatalogue, importCatalogue } from '../src/modules/catalogue/index.ts';
import { parseCatalogue } from '../src/modules/catalogue/catalogue-file.ts';
import { staffLogin } from './support/staff-login.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

// Issue 37 item 3 (decision 0103): a manager changes packages, promotions, membership prices,
// joining fees and guest-pass allowances on the staff site, checked by the catalogue file's own
// schema, seen at once by every instance, audited, and kept by `catalogue:export`.

const host = siteHost.frontOfHouse;
const origin = `http://${host}`;
const clock = new Date('2026-12-01T09:00:00Z');

type Method = 'GET' | 'PUT';

/** A listed package as the file's entry (without what the list adds). */
function entryOf(listed: StaffPackage): Record<string, unknown> & Omit<StaffPackage, 'editable'> {
  const entry: Partial<StaffPackage> = { ...listed };
  delete entry.editable;
  return entry as Omit<StaffPackage, 'editable'>;
}

describe('prices and offers in the staff site', () => {
  let t: TestApp;
  let other: TestApp;
  let manager = '';
  let desk = '';

  const call = (method: Method, url: string, cookie: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { host, origin, cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const prices = async () => {
    const response = await call('GET', '/api/staff/prices', manager);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: StaffPrices }>().data;
  };
  const audit = async (action: string) =>
    t.database.query<{ action: string; details: Record<string, unknown> }>(
      'SELECT action, details FROM staff_audit_log WHERE action = $1 ORDER BY id',
      [action],
    );
  /** A centre's packages as the bookings site shows them, from either instance. */
  const packagesAt = async (app: TestApp, slug: string) =>
    (
      await app.app.inject({
        method: 'GET',
        url: `/api/activities/venues/${slug}/packages`,
        headers: { host: siteHost.bookings },
      })
    ).json<{ data: { name: string; price: { formatted: string } }[] }>().data;
  /** A membership's options' prices as the joining site lists them, from either instance. */
  const optionsOf = async (app: TestApp, name: string) => {
    const [venue] = await app.database.query<{ id: number }>(
      "SELECT id FROM venues WHERE slug = 'castlefield-leisure-centre'",
    );
    const response = await app.app.inject({
      method: 'GET',
      url: `/api/memberships/types?venue_id=${venue!.id}`,
      headers: { host: siteHost.onlineJoining },
    });
    expect(response.statusCode, response.body).toBe(200);
    const types = response.json<{
      data: {
        name: string;
        paymentOptions: {
          globalBasePrice: { formatted: string };
          fees: { joiningFee: { formatted: string } };
        }[];
      }[];
    }>().data;
    return types.find((type) => type.name === name)!.paymentOptions;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    // A second instance on the same database, with a catalogue cache of its own.
    other = await createTestApp({
      database: t.database,
      now: () => clock,
      catalogueCache: { checkEveryMs: 0 },
    });
  });
  beforeEach(async () => {
    manager = await staffLogin(t, 'manager', 'Pool-Manager-2026!');
    desk = await staffLogin(t, 'desk', 'Desk-Staff-2026!');
  });
  afterAll(async () => {
    await other?.app.close();
    await t?.close();
  });

  it('changes a package’s price: both instances sell it at the new price, audited', async () => {
    const before = await prices();
    const pass = before.packages.find((entry) => entry.key === 'five-class-pass')!;
    expect(pass).toMatchObject({ pricePence: 2750, editable: true });
    // The other instance has its catalogue loaded before the change.
    expect((await packagesAt(other, 'castlefield-leisure-centre')).map((p) => p.price.formatted)).toContain(
      '£27.50',
    );
    const entry = entryOf(pass);
    const saved = await call('PUT', '/api/staff/prices/packages', manager, {
      package: { ...entry, pricePence: 2950 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      saved.json<{ data: StaffPrices }>().data.packages.find((p) => p.key === 'five-class-pass')?.pricePence,
    ).toBe(2950);
    for (const app of [t, other]) {
      const sold = (await packagesAt(app, 'castlefield-leisure-centre')).find((p) =>
        p.name.startsWith('5-class pass'),
      );
      expect(sold?.price.formatted).toBe('£29.50');
    }
    const rows = await audit('prices.package-saved');
    expect(rows.at(-1)?.details).toMatchObject({ package: { key: 'five-class-pass', pricePence: 2950 } });
  });

  it('refuses in the file’s words and changes nothing', async () => {
    const before = await prices();
    const pass = before.packages.find((entry) => entry.key === 'ten-swim-card')!;
    const entry = entryOf(pass);
    const auditBefore = (await audit('prices.package-saved')).length;
    const refused = await call('PUT', '/api/staff/prices/packages', manager, {
      package: { ...entry, uses: 500, pricePence: -1, covers: { categories: [], activities: [] } },
    });
    expect(refused.statusCode).toBe(422);
    const errors = refused.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors).toEqual({
      uses: ['Uses must be a whole number from 1 to 200'],
      pricePence: [expect.stringMatching(/^Price /)],
      covers: ['Pays for needs at least one activity category or activity it pays for'],
    });
    // The import says the same of the same entry.
    const file = fs.readFileSync(demoCataloguePath, 'utf8').replace('    uses: 10\n', '    uses: 500\n');
    const inFile = parseCatalogue(file, new Set(['castlefield-leisure-centre']));
    expect(inFile.ok ? [] : inFile.problems.map((problem) => problem.message)).toContain(
      'must be a whole number from 1 to 200',
    );
    // A key is at most 80 characters, in the file as in the staff site.
    const longKey = fs
      .readFileSync(demoCataloguePath, 'utf8')
      .replace('key: ten-swim-card\n', `key: ${'k'.repeat(10_000)}\n`);
    const withLongKey = parseCatalogue(longKey, new Set(['castlefield-leisure-centre']));
    expect(withLongKey.ok ? [] : withLongKey.problems.map((problem) => problem.message)).toContain(
      'must be at most 80 characters',
    );
    const promo = await call('PUT', '/api/staff/prices/promotions', manager, {
      promotion: {
        code: 'NEWYEAR',
        kind: 'percent',
        value: 150,
        appliesTo: [],
        validFrom: '2027-02-01',
        validTo: '2027-01-01',
      },
    });
    expect(promo.statusCode).toBe(422);
    expect(promo.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      value: ['Discount a percentage is at most 100'],
      appliesTo: ['Applies to needs at least one component'],
      validTo: ['Ends must not be before validFrom'],
    });
    for (const [url, body] of [
      ['/api/staff/prices/packages', { package: 'not an object' }],
      ['/api/staff/prices/packages', { package: { ...entry, uses: 'ten' } }],
      ['/api/staff/prices/packages', { package: { ...entry, venues: 'everywhere' } }],
      ['/api/staff/prices/promotions', { promotion: { code: 7 } }],
      ['/api/staff/prices/memberships/gym-anytime', { paymentOptions: [{ key: 'no-such', pricePence: 1 }] }],
      [
        '/api/staff/prices/memberships/gym-anytime',
        { paymentOptions: [{ key: 'monthly', paymentType: 'fixed' }] },
      ],
      ['/api/staff/prices/memberships/gym-anytime', { paymentOptions: 'monthly' }],
    ] as const) {
      const response = await call('PUT', url, manager, body);
      expect(response.statusCode, `${url} ${response.body}`).toBe(422);
    }
    expect(await prices()).toEqual(before);
    expect((await audit('prices.package-saved')).length).toBe(auditBefore);
  });

  it('is a manager’s, at their own centres', async () => {
    const before = await prices();
    for (const url of ['/api/staff/prices']) {
      const response = await call('GET', url, desk);
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toBe(
        'Only a manager can change prices and offers.',
      );
    }
    const pass = before.packages.find((entry) => entry.key === 'five-class-pass')!;
    const entry = entryOf(pass);
    const asDesk = await call('PUT', '/api/staff/prices/packages', desk, { package: entry });
    expect(asDesk.statusCode).toBe(403);
    const promoAsDesk = await call('PUT', '/api/staff/prices/promotions', desk, {
      promotion: { code: 'DESK', kind: 'percent', value: 10, appliesTo: ['joining_fee'] },
    });
    expect(promoAsDesk.statusCode).toBe(403);
    // A centre the manager does not run may not be added to a package, nor a new one sold there.
    const elsewhere = await call('PUT', '/api/staff/prices/packages', manager, {
      package: { ...entry, venues: [...entry.venues, 'kelvin-way-swim-centre'] },
    });
    expect(elsewhere.statusCode).toBe(403);
    const notTheirs = await call('PUT', '/api/staff/prices/packages', manager, {
      package: { ...entry, key: 'kelvin-only', venues: ['kelvin-way-swim-centre'] },
    });
    expect(notTheirs.statusCode).toBe(403);
    expect(await prices()).toEqual(before);
  });

  it('adds a package at the manager’s own centre, on sale there at once', async () => {
    const saved = await call('PUT', '/api/staff/prices/packages', manager, {
      package: {
        key: 'class-trio',
        name: 'Class trio',
        uses: 3,
        validMonths: 1,
        pricePence: 1800,
        venues: ['salford-quays-aquatics'],
        covers: { categories: ['fitness-classes'] },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: StaffPrices }>().data.packages.at(-1)).toMatchObject({
      key: 'class-trio',
      description: '',
      covers: { categories: ['fitness-classes'], activities: [] },
      editable: true,
    });
    for (const app of [t, other])
      expect((await packagesAt(app, 'salford-quays-aquatics')).map((p) => p.name)).toContain('Class trio');
    expect((await packagesAt(t, 'castlefield-leisure-centre')).map((p) => p.name)).not.toContain(
      'Class trio',
    );
    expect((await audit('prices.package-saved')).at(-1)?.details).not.toHaveProperty('from');
  });

  it('starts a promotion the joining site accepts, audited', async () => {
    const saved = await call('PUT', '/api/staff/prices/promotions', manager, {
      promotion: {
        code: 'Winter15',
        kind: 'percent',
        value: 15,
        appliesTo: ['joining_fee'],
        validFrom: '2026-12-01',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      saved.json<{ data: StaffPrices }>().data.promotions.find((p) => p.code === 'Winter15'),
    ).toMatchObject({
      kind: 'percent',
      value: 15,
      oncePerCustomer: false,
    });
    const [option] = await t.database.query<{ id: number }>(
      `SELECT o.id FROM payment_options o JOIN membership_types m ON m.id = o.membership_type_id
       WHERE m.slug = 'gym-anytime' AND o.key = 'monthly'`,
    );
    const checked = await t.app.inject({
      method: 'GET',
      url: `/api/v1/membership-promotions/validate/WINTER15/${option!.id}`,
      headers: { host: siteHost.onlineJoining },
    });
    expect(checked.statusCode, checked.body).toBe(200);
    // Changing it again (any case) changes the same promotion.
    const changed = await call('PUT', '/api/staff/prices/promotions', manager, {
      promotion: {
        code: 'WINTER15',
        kind: 'percent',
        value: 20,
        appliesTo: ['joining_fee'],
        validFrom: '2026-12-01',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [count] = await t.database.query<{ n: number; value: number }>(
      "SELECT count(*)::int AS n, max(value) AS value FROM promotions WHERE upper(code) = 'WINTER15'",
    );
    expect(count).toEqual({ n: 1, value: 20 });
    expect((await audit('prices.promotion-saved')).map((row) => row.details.from !== undefined)).toEqual([
      false,
      true,
    ]);
  });

  it('changes a membership’s price, joining fee, price change and guest passes under the notice rules', async () => {
    const before = (await prices()).memberships.find((type) => type.slug === 'gym-anytime')!;
    expect(before).toMatchObject({ editable: true, guestPasses: { totalUses: 2, frequency: 'month' } });
    expect((await optionsOf(other, 'Gym Anytime'))[0]?.globalBasePrice.formatted).toBe('£30.00');
    // Too little notice for current members: the import's own words.
    const late = await call('PUT', '/api/staff/prices/memberships/gym-anytime', manager, {
      paymentOptions: [{ key: 'monthly', priceChange: { pricePence: 3300, effectiveFrom: '2026-12-10' } }],
    });
    expect(late.statusCode).toBe(422);
    const lateErrors = late.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(lateErrors)).toEqual(['monthly.priceChange.effectiveFrom']);
    expect(lateErrors['monthly.priceChange.effectiveFrom']![0]).toMatch(/^Current members pay it from/);

    const saved = await call('PUT', '/api/staff/prices/memberships/gym-anytime', manager, {
      paymentOptions: [
        {
          key: 'monthly',
          pricePence: 3200,
          joiningFeePence: 1500,
          priceChange: { pricePence: 3200, effectiveFrom: '2027-02-01' },
        },
      ],
      guestPasses: { totalUses: 3, frequency: 'month' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const app of [t, other]) {
      const [monthly] = await optionsOf(app, 'Gym Anytime');
      expect(monthly?.globalBasePrice.formatted).toBe('£32.00');
      expect(monthly?.fees.joiningFee.formatted).toBe('£15.00');
    }
    const [change] = await t.database.query<{ price_pence: number; status: string }>(
      `SELECT c.price_pence, c.status FROM membership_price_changes c
       JOIN payment_options o ON o.id = c.payment_option_id JOIN membership_types m ON m.id = o.membership_type_id
       WHERE m.slug = 'gym-anytime' AND o.key = 'monthly' AND c.effective_from = '2027-02-01'`,
    );
    expect(change).toEqual({ price_pence: 3200, status: 'active' });
    const [benefit] = await t.database.query<{ total_uses: number }>(
      `SELECT b.total_uses FROM membership_benefits b JOIN membership_types m ON m.id = b.membership_type_id
       WHERE m.slug = 'gym-anytime' AND b.kind = 'guest-pass'`,
    );
    expect(benefit?.total_uses).toBe(3);
    expect((await audit('prices.membership-saved')).at(-1)?.details).toMatchObject({
      membership: 'gym-anytime',
    });
  });

  it('makes a repeat nothing new, and two managers’ changes at once both', async () => {
    const listed = await prices();
    const ten = entryOf(listed.packages.find((entry) => entry.key === 'ten-swim-card')!);
    const five = entryOf(listed.packages.find((entry) => entry.key === 'five-class-pass')!);
    const [version] = await t.database.query<{ version: string }>('SELECT version FROM catalogue_version');
    const logged = (await audit('prices.package-saved')).length;
    const same = await call('PUT', '/api/staff/prices/packages', manager, { package: five });
    expect(same.statusCode, same.body).toBe(200);
    expect(await t.database.query('SELECT version FROM catalogue_version')).toEqual([version]);
    expect((await audit('prices.package-saved')).length).toBe(logged);

    const both = await Promise.all([
      call('PUT', '/api/staff/prices/packages', manager, { package: { ...ten, name: '10-swim card, now' } }),
      call('PUT', '/api/staff/prices/packages', manager, { package: { ...five, name: '5-class pass, now' } }),
    ]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    const names = (await prices()).packages.map((entry) => entry.name);
    expect(names).toEqual(expect.arrayContaining(['10-swim card, now', '5-class pass, now']));
    expect((await audit('prices.package-saved')).length).toBe(logged + 2);
  });

  it('is kept by catalogue:export, whose file imports without changing anything', async () => {
    const pass = (await prices()).packages.find((entry) => entry.key === 'ten-swim-card')!;
    const entry = entryOf(pass);
    const saved = await call('PUT', '/api/staff/prices/packages', manager, {
      package: { ...entry, pricePence: 4700 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const exported = await exportCatalogue(t.database.db, 1);
    if (!exported.ok) throw new Error(exported.message);
    expect(exported.source).toMatch(/key: ten-swim-card[\s\S]*?pricePence: 4700/);
    const before = await prices();
    const imported = await importCatalogue(t.database.db, 1, exported.source, { now: clock });
    expect(imported.ok, JSON.stringify(imported)).toBe(true);
    expect(await prices()).toEqual(before);
    const again = await exportCatalogue(t.database.db, 1);
    expect(again).toEqual(exported);
  });
});
