import type { DeskCustomerDetail } from '@lido/contracts/front-of-house';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/api.ts';
import { createCustomer } from './support/factories.ts';
import { staffLogin } from './support/staff-login.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

/** Issue 38 items 3 and 5 (decision 0108): the language a customer chose, on their account. */
describe('a customer’s language', () => {
  let t: TestApp;
  const api = apiClient(() => t, siteHost.bookings);
  beforeAll(async () => {
    t = await createTestApp({ env: { LIDO_LANGUAGES: 'en,cy' } });
  });
  afterAll(() => t?.close());

  async function deskSees(customerId: number): Promise<DeskCustomerDetail['language']> {
    const desk = await staffLogin(t, 'desk', 'Desk-Staff-2026!');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/staff/customers/${customerId}`,
      headers: { host: siteHost.frontOfHouse, origin: `http://${siteHost.frontOfHouse}`, cookie: desk },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: DeskCustomerDetail }>().data.language;
  }

  it('is English until they choose Welsh, which the desk then sees; and English again when they switch back', async () => {
    const customer = await createCustomer(t);
    expect(await deskSees(customer.id)).toBe('en');
    const chosen = await api
      .as(customer)
      .put<{ language: string }>('/api/my-account/language', { language: 'cy' });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.data).toEqual({ language: 'cy' });
    expect(await deskSees(customer.id)).toBe('cy');
    await api.as(customer).put('/api/my-account/language', { language: 'en' });
    expect(await deskSees(customer.id)).toBe('en');
  });

  it('writes what it sends in that language: the password reset email, to the Welsh reset page', async () => {
    const customer = await createCustomer(t, { firstName: 'Nia' });
    await api.as(customer).put('/api/my-account/language', { language: 'cy' });
    const before = (await t.services().email.list()).length;
    await t
      .services()
      .customers.forgottenPassword(customer.reference, '127.0.0.9', 'http://localhost:3001/reset-password');
    await expect.poll(async () => (await t.services().email.list()).length).toBe(before + 1);
    const message = (await t.services().email.list()).find((sent) => sent.to === customer.email)!;
    expect(message.subject).toBe('Ailosod eich cyfrinair Brightwater Leisure');
    expect(message.text).toContain(
      'Cawsom gais i ailosod y cyfrinair ar gyfer eich cyfrif Brightwater Leisure.',
    );
    expect(message.text).toContain('Mae pob dolen yn gweithio unwaith ac yn dod i ben ar ôl 60 munud.');
    expect(message.text).toMatch(/^http:\/\/localhost:3001\/cy\/reset-password\?token=/m);
    expect(message.html).toContain('<div lang="cy">');
    expect(message.html).toContain('>Ailosod eich cyfrinair</a>');
    // No English left but the operator's name (and the address of the page).
    expect(message.text.replace(/http\S+/g, '')).not.toMatch(/Reset|password|Hello|link/i);
  });

  it('refuses what is not a language, a guest, and the staff site, changing nothing', async () => {
    const customer = await createCustomer(t);
    for (const body of [
      { language: 'fr' },
      { language: 'CY' },
      { language: ['cy'] },
      {},
      { language: 'cy', x: 1 },
    ]) {
      const answer = await api.as(customer).put('/api/my-account/language', body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    expect((await api.guest.put('/api/my-account/language', { language: 'cy' })).status).toBe(401);
    const onStaffSite = await apiClient(t, siteHost.frontOfHouse)
      .as(customer)
      .put('/api/my-account/language', {
        language: 'cy',
      });
    expect(onStaffSite.status).toBeGreaterThanOrEqual(400);
    expect(onStaffSite.status).toBeLessThan(500);
    expect(await deskSees(customer.id)).toBe('en');
  });
});

describe('an operator offering English only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('refuses Welsh as a language it does not offer', async () => {
    const customer = await createCustomer(t);
    const answer = await apiClient(t, siteHost.bookings)
      .as(customer)
      .put('/api/my-account/language', { language: 'cy' });
    expect(answer.status).toBe(422);
    expect(answer.message).toBe('This site is not offered in that language.');
  });
});
