import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerLanguage } from '../src/http/answer-language.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

/** Issue 38 item 1 (decision 0110): a Welsh page's calls are refused in Welsh. */
describe('the server’s refusals in the page’s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LIDO_LANGUAGES: 'en,cy' } });
  });
  afterAll(() => t?.close());

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
