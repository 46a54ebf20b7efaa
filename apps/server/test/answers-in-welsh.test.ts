import { readCatalogue } from '@lido/messages/catalogue';
import { todayIn } from '@lido/pricing/calendar-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerLanguage } from '../src/http/answer-language.ts';
import { bookedSession, createActivity, createSession, holdPlace } from './support/activity-factories.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { browserFacts, cardBilling } from './support/checkout-calls.ts';
import { basketWith, catalogueAt, createCustomer, type TestCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

/** Issue 38 item 1 (decision 0110): a Welsh page's calls are refused in Welsh. */
describe('the server’s refusals in the page’s language', () => {
  let t: TestApp;
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ env: { LIDO_LANGUAGES: 'en,cy' }, cardProvider: sandbox.provider });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  const send = (language: string | undefined, payload: object, site = siteHost.myAccount) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: {
        host: site,
        origin: `http://${site}`,
        ...(language ? { 'accept-language': language } : {}),
      },
      payload,
    });

  it('gives a whole message in Welsh, its field messages too', async () => {
    const refused = await send('cy', { username: 'nobody@example.org', password: 'wrong-password' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'Mae eich cyfeiriad e-bost, eich ID cwsmer neu eich cyfrinair yn anghywir.',
      errors: { username: ['Mae eich cyfeiriad e-bost, eich ID cwsmer neu eich cyfrinair yn anghywir.'] },
    });
  });

  it('fills a message with a field’s name, the name in Welsh too', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/register?onboarding_type=customer_account_online',
      headers: { host: siteHost.myAccount, origin: `http://${siteHost.myAccount}`, 'accept-language': 'cy' },
      payload: { first_name: '', last_name: 'x'.repeat(101) },
    });
    expect(refused.statusCode).toBe(422);
    const { errors } = refused.json<{ errors: Record<string, string[]> }>();
    expect(errors.firstName).toEqual(['Mae angen llenwi ‘Enw cyntaf’.']);
    expect(errors.lastName).toEqual(['Ni chaiff ‘Cyfenw’ fod yn hwy na 100 nod.']);
  });

  /** A call as a Welsh page on one of the customer sites makes it: its answer's message and field messages. */
  const welsh = async (
    customer: TestCustomer | undefined,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    site = siteHost.bookings,
  ) => {
    const answer = await t.app.inject({
      method,
      url,
      headers: {
        host: site,
        origin: `http://${site}`,
        'accept-language': 'cy',
        ...(customer ? { cookie: customer.cookie } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    });
    const body = answer.json<{ message?: string; errors?: Record<string, string[]> }>();
    return { status: answer.statusCode, message: body.message, errors: body.errors };
  };
  const today = () => todayIn(t.config.timeZone, new Date());

  it('refuses a registration’s fields in Welsh, the fields’ names and the date in Welsh too', async () => {
    const register = '/api/auth/customer/register?onboarding_type=customer_account_online';
    const details = {
      first_name: 'Ann',
      last_name: 'Jones',
      date_of_birth: '1990-04-02',
      email: 'ann.jones.welsh@example.org',
      address_line_one: '1 Stryd Fawr',
      town: 'Aberystwyth',
      postcode: 'SY23 1AA',
      password: 'Correct-Horse-9-Battery',
      password_confirmation: 'Correct-Horse-9-Battery',
    };
    const shapes = await welsh(
      undefined,
      'POST',
      register,
      {
        ...details,
        date_of_birth: '2026-02-30',
        email: 'not-an-address',
        address_line_one: undefined,
        town: ' ',
        postcode: 'NOPE',
        phone: '0'.repeat(21),
      },
      siteHost.myAccount,
    );
    expect(shapes.status).toBe(422);
    expect(shapes.errors).toEqual({
      dateOfBirth: [
        'Rhaid i’r dyddiad fod yn ddilys. Rhowch y dyddiad geni fel diwrnod, mis a blwyddyn, er enghraifft 27 3 2007.',
      ],
      email: ['Rhowch gyfeiriad e-bost yn y fformat cywir, fel enw@example.com.'],
      phone: ['Ni chaiff ‘Rhif ffôn’ fod yn hwy na 20 nod.'],
      addressLineOne: ['Mae angen llenwi ‘Llinell 1 y cyfeiriad’.'],
      town: ['Mae angen llenwi ‘Tref neu ddinas’.'],
      postcode: ['Rhowch god post dilys'],
    });

    const rules = await welsh(
      undefined,
      'POST',
      register,
      { ...details, date_of_birth: '2090-01-01', password: 'short', password_confirmation: 'shorter' },
      siteHost.myAccount,
    );
    expect(rules.status).toBe(422);
    expect(rules.errors).toEqual({
      password: [
        'Rhaid i’r cyfrinair fod yn o leiaf 8 nod.',
        'Rhaid i’r cyfrinair gynnwys o leiaf un briflythyren.',
        'Rhaid i’r cyfrinair gynnwys o leiaf un rhif.',
        'Rhaid i’r cyfrinair gynnwys o leiaf un nod arbennig.',
      ],
      passwordConfirmation: ['Dydy’r cyfrinair a ailadroddwyd ddim yn cyfateb.'],
      dateOfBirth: ['Rhaid i ‘Dyddiad geni’ fod yn y gorffennol.'],
    });
  });

  it('refuses a membership’s start date, billing day and bank details in Welsh', async () => {
    const at = await catalogueAt(t);
    const gym = at.option('gym-anytime', 'recurring');
    const costs = (query: string) =>
      welsh(
        undefined,
        'GET',
        `/api/memberships/types/${at.type('gym-anytime').id}/payment-options/${gym.id}?venue_id=${at.venue.id}&${query}`,
        undefined,
        siteHost.onlineJoining,
      );
    expect((await costs('start_date=2026-02-30&billing_day=1')).errors).toEqual({
      startDate: ['Rhaid i ‘Dyddiad dechrau’ fod yn ddyddiad go iawn.'],
    });
    expect((await costs(`start_date=${today()}&billing_day=31`)).errors).toEqual({
      billingDay: ['Rhaid i’r diwrnod bilio fod yn un o’r rhain: 1, 15, 28.'],
    });
    expect((await costs(`start_date=${today()}`)).errors).toEqual({
      billingDay: ['Dewiswch ddiwrnod bilio.'],
    });
    const [year, month, day] = today().split('-');
    const past = await costs('start_date=2000-01-01&billing_day=1');
    expect(past.errors?.startDate).toEqual([
      expect.stringMatching(
        new RegExp(`^Rhaid i ‘Dyddiad dechrau’ fod rhwng ${day}/${month}/${year} a \\d\\d/\\d\\d/\\d{4}\\.$`),
      ),
    ]);

    const customer = await createCustomer(t);
    const bank = await welsh(
      customer,
      'POST',
      '/api/memberships/online-joining/bank-details',
      { account_holder: 'Ann Jones', account_details: { sort_code: '12-34', account_number: '123' } },
      siteHost.onlineJoining,
    );
    expect(bank.status).toBe(422);
    expect(bank.errors).toEqual({
      'accountDetails.sortCode': ['Rhowch god didoli o 6 digid, rhifau yn unig'],
      'accountDetails.accountNumber': ['Rhowch rif cyfrif o 8 digid o leiaf, rhifau yn unig'],
    });
  });

  it('refuses a promotion code in Welsh', async () => {
    const at = await catalogueAt(t);
    const refused = await welsh(
      undefined,
      'GET',
      `/api/v1/membership-promotions/validate/NOSUCHCODE/${at.option('gym-anytime', 'recurring').id}`,
      undefined,
      siteHost.onlineJoining,
    );
    expect(refused).toMatchObject({ status: 404, message: 'Dydyn ni ddim yn adnabod y cod' });
  });

  it('refuses a session for the basket in Welsh: full, started, not online, wrong ages, too many places', async () => {
    const customer = await createCustomer(t);
    const activity = await createActivity(t);
    const adult = activity.price('adult');
    const book = async (sessionId: number, quantity = 1) =>
      (
        await welsh(customer, 'POST', '/api/cart/add', {
          items: [{ id: sessionId, type: 'booking', pricing_option_id: adult.id, options: { quantity } }],
        })
      ).message;

    const full = await createSession(t, activity, { capacity: 1 });
    await holdPlace(t, (await createCustomer(t)).id, full, adult);
    expect(await book(full.id)).toBe('Mae’r sesiwn hon yn llawn.');
    const started = await createSession(t, activity, { startsAt: new Date(Date.now() - 60_000) });
    expect(await book(started.id)).toBe(
      'Mae’r sesiwn hon wedi dechrau’n barod, felly does dim modd ei harchebu mwyach.',
    );
    const closed = await createSession(t, activity, { onlineBookingEnabled: false });
    expect(await book(closed.id)).toBe(
      'Does dim modd archebu’r sesiwn hon ar-lein. Archebwch hi yn nerbynfa’r ganolfan.',
    );
    const cancelled = await createSession(t, activity, { cancelled: true });
    expect(await book(cancelled.id)).toBe('Mae’r sesiwn hon wedi’i chanslo.');
    const nearlyFull = await createSession(t, activity, { capacity: 3, taken: 1 });
    expect(await book(nearlyFull.id, 3)).toBe('Dim ond 2 lle sydd ar ôl yn y sesiwn hon.');
    expect(await book(nearlyFull.id, 11)).toBe('Archebwch 10 lle ar y mwyaf ar y tro.');

    const juniors = await createActivity(t, { minAge: 8, maxAge: 16 });
    const juniorSession = await createSession(t, juniors);
    const forJuniors = await welsh(customer, 'POST', '/api/cart/add', {
      items: [{ id: juniorSession.id, type: 'booking', pricing_option_id: juniors.price('adult').id }],
    });
    expect(forJuniors.message).toBe('Mae’r sesiwn hon ar gyfer pobl 8 i 16 oed.');
  });

  it('refuses checkout without the terms, and an empty basket, in Welsh', async () => {
    const customer = await createCustomer(t);
    const empty = await welsh(customer, 'POST', '/api/checkout/complete', { source: 'bookings' });
    expect(empty).toMatchObject({ status: 404, message: 'Mae eich basged yn wag.' });

    await basketWith(t, customer, [{ slug: 'gym-anytime', paymentType: 'fixed', startDate: today() }]);
    const noTerms = await welsh(
      customer,
      'POST',
      '/api/checkout/authorise',
      { ...cardBilling, ...browserFacts, terms: [] },
      siteHost.onlineJoining,
    );
    expect(noTerms).toEqual({
      status: 422,
      message: 'Ticiwch yr holl delerau ac amodau gofynnol',
      errors: { terms: ['Ticiwch yr holl delerau ac amodau gofynnol'] },
    });
  });

  it('refuses cancelling a booking too late in Welsh', async () => {
    const customer = await createCustomer(t);
    const activity = await createActivity(t, { cancellationCutoffMinutes: 120 });
    const { bookingId } = await bookedSession(t, activity, customer, {
      startsAt: new Date(Date.now() + 90 * 60_000),
    });
    const refused = await welsh(
      customer,
      'POST',
      `/api/my-account/bookings/${bookingId}/cancel`,
      undefined,
      siteHost.myAccount,
    );
    expect(refused).toMatchObject({
      status: 422,
      message: 'Gellir canslo archebion hyd at 2 awr cyn yr amser dechrau.',
    });
  });

  it('refuses a guest pass in Welsh: the guest’s names, and a customer with no passes', async () => {
    const customer = await createCustomer(t);
    const session = await createSession(t, await createActivity(t));
    const add = (payload: object) => welsh(customer, 'POST', '/api/activities/guest-pass/add', payload);
    const nameless = await add({
      session_id: session.id,
      guest_first_name: ' ',
      guest_last_name: 'x'.repeat(51),
    });
    expect(nameless.errors).toEqual({
      guestFirstName: ['Rhowch enw cyntaf eich gwestai.'],
      guestLastName: ['Ni chaiff cyfenw eich gwestai fod yn hwy na 50 nod.'],
    });
    const noPasses = await add({ session_id: session.id, guest_first_name: 'Jo', guest_last_name: 'Bloggs' });
    expect(noPasses).toMatchObject({
      status: 422,
      message: 'Dydy eich aelodaeth ddim yn cynnwys tocynnau gwestai ar ddiwrnod y sesiwn hon.',
    });
  });

  it('refuses a family member’s details in Welsh', async () => {
    const parent = await createCustomer(t);
    const add = (body: object) => welsh(parent, 'POST', '/api/my-account/family', body, siteHost.myAccount);
    const child = {
      first_name: 'Lili',
      last_name: 'Jones',
      date_of_birth: '2018-05-01',
      relationship: 'child',
    };
    expect(
      (await add({ ...child, first_name: ' ', last_name: 'x'.repeat(61), relationship: 'pet' })).errors,
    ).toEqual({
      firstName: ['Rhowch enw cyntaf yr aelod o’r teulu.'],
      lastName: ['Ni chaiff cyfenw yr aelod o’r teulu fod yn hwy na 60 nod.'],
      relationship: ['Dewiswch beth yw eu perthynas â chi.'],
    });
    expect((await add({ ...child, date_of_birth: '2018-02-30' })).errors).toEqual({
      dateOfBirth: ['Rhowch ddyddiad geni’r aelod o’r teulu fel dyddiad go iawn, er enghraifft 27 3 2015.'],
    });
    expect(await add({ ...child, date_of_birth: '2199-01-01' })).toMatchObject({
      status: 422,
      message: 'Rhaid i ddyddiad geni’r aelod o’r teulu fod yn y gorffennol.',
    });
  });

  it('gives the account form’s sections and labels in the page’s language, and says the answer varies by it', async () => {
    const form = async (language: string) => {
      const answer = await t.app.inject({
        url: '/api/data-fields?onboarding_type=customer_account_online',
        headers: { host: siteHost.myAccount, 'accept-language': language },
      });
      expect(answer.statusCode).toBe(200);
      expect(String(answer.headers.vary)).toMatch(/accept-language/i);
      const { sections, checksum } = answer.json<{
        data: { sections: { sectionName: string; sectionFields: { label: string }[] }[]; checksum: string };
      }>().data;
      return {
        names: sections.map((section) => section.sectionName),
        labels: sections.flatMap((section) => section.sectionFields.map((field) => field.label)),
        checksum,
      };
    };
    const welsh = await form('cy');
    const english = await form('en');
    expect(welsh.names).toEqual(['Eich manylion', 'Eich cyfeiriad', 'Eich cyfrinair']);
    expect(welsh.labels).toContain('Tref neu ddinas');
    expect(english.names).toEqual(['Your details', 'Your address', 'Your password']);
    expect(english.labels).toContain('Town or city');
    // A form built from one language's answer is accepted whichever language it is sent in.
    expect(welsh.checksum).toBe(english.checksum);
  });

  it('has words besides placeholders in every pattern, so none swallows every answer', () => {
    const patterns = readCatalogue('en').filter(
      (entry) => entry.id.startsWith('errors.') && entry.source.includes('{'),
    );
    expect(patterns.length).toBeGreaterThan(20);
    for (const entry of patterns)
      expect(entry.source.replace(/\{[^}]*\}/g, '').replace(/[\s\p{P}]/gu, ''), entry.id).not.toBe('');
  });

  it('stays English for an English page, a browser asking for nothing, and the staff site', async () => {
    const english = 'Your email address, customer ID or password is incorrect.';
    for (const language of ['en', undefined, 'fr, en;q=0.5']) {
      const refused = await send(language, { username: 'nobody@example.org', password: 'wrong-password' });
      expect(refused.json<{ message: string }>().message).toBe(english);
    }
  });

  it('reads Accept-Language as browsers write it, English unless Welsh is offered and preferred', () => {
    const both = ['en', 'cy'] as const;
    expect(answerLanguage('cy-GB,cy;q=0.9,en;q=0.8', both)).toBe('cy');
    expect(answerLanguage('en-GB,en;q=0.9,cy;q=0.8', both)).toBe('en');
    expect(answerLanguage('fr;q=1, cy;q=0.5', both)).toBe('cy');
    expect(answerLanguage('cy;q=0', both)).toBe('en');
    expect(answerLanguage('cy', ['en'])).toBe('en');
    expect(answerLanguage(`${'x,'.repeat(5000)}cy`, both)).toBe('en');
    expect(answerLanguage(undefined, both)).toBe('en');
  });
});

describe('an operator offering English only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers in English whatever the page asks for', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { host: siteHost.bookings, origin: `http://${siteHost.bookings}`, 'accept-language': 'cy' },
      payload: { username: 'nobody@example.org', password: 'wrong-password' },
    });
    expect(refused.json<{ message: string }>().message).toBe(
      'Your email address, customer ID or password is incorrect.',
    );
  });
});
