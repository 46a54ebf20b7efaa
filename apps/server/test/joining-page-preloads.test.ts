import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from './support/fake-web-dist.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

/** The fetch preloads in a page's HTML, in order. */
const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin>/g)].map((match) => match[1]!);

describe("a joining page's HTML preloads its later reads, with the ids from the catalogue", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LIDO_WEB_DIST: fakeWebDist() } });
  });
  afterAll(async () => {
    await t.close();
  });
  const page = async (url: string, headers: Record<string, string> = {}) =>
    preloadsOf((await t.app.inject({ url, headers: { host: siteHost.onlineJoining, ...headers } })).body);
  const get = async (url: string) => {
    const response = await t.app.inject({ url, headers: { host: siteHost.onlineJoining } });
    expect(response.statusCode, url).toBe(200);
    return response.json().data;
  };

  it("names the centre's memberships and the chosen one's questions, which answer as the page needs", async () => {
    const preloads = await page('/centre/castlefield-leisure-centre/membership/off-peak-gym/recurring');
    const venue = await get('/api/venues/online-joining/castlefield-leisure-centre');
    const typesUrl = `/api/memberships/types?venue_id=${venue.id}`;
    const types: { id: number; slug: string }[] = await get(typesUrl);
    const chosen = types.find((type) => type.slug === 'off-peak-gym')!;
    expect(chosen).toBeDefined();
    expect(preloads).toEqual([
      '/api/client',
      '/api/frontend/theme?venue=castlefield-leisure-centre',
      '/api/venues/online-joining/castlefield-leisure-centre',
      typesUrl,
      `/api/custom-questions/memberships/${chosen.id}`,
      '/api/data-fields?onboarding_type=customer_account_online',
      // Every customer page's footer, for its centre (decision 0107).
      '/api/activities/footer?venue=castlefield-leisure-centre',
    ]);
    for (const url of preloads.slice(3)) await get(url);
  });

  it("names only the centre's memberships on the centre page, and no account form for a signed-in visitor", async () => {
    const venue = await get('/api/venues/online-joining/castlefield-leisure-centre');
    expect(
      (await page('/centre/castlefield-leisure-centre', { cookie: 'lido_authToken=x' })).slice(3),
    ).toEqual([
      `/api/memberships/types?venue_id=${venue.id}`,
      '/api/activities/footer?venue=castlefield-leisure-centre',
    ]);
  });

  it('names no membership that centre does not sell, and nothing for a centre that does not exist', async () => {
    const venue = await get('/api/venues/online-joining/castlefield-leisure-centre');
    expect(
      (await page('/centre/castlefield-leisure-centre/membership/no-such-thing/recurring')).slice(3),
    ).toEqual([
      `/api/memberships/types?venue_id=${venue.id}`,
      '/api/data-fields?onboarding_type=customer_account_online',
      '/api/activities/footer?venue=castlefield-leisure-centre',
    ]);
    expect((await page('/centre/no-such-centre')).slice(3)).toEqual([
      '/api/data-fields?onboarding_type=customer_account_online',
      '/api/activities/footer?venue=no-such-centre',
    ]);
  });
});

// Decision 0110: a preload goes with the browser's Accept-Language, not the page's, so a Welsh page
// makes its reads in the page's language itself.
describe('a Welsh joining page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LIDO_WEB_DIST: fakeWebDist(), LIDO_LANGUAGES: 'en,cy' } });
  });
  afterAll(async () => {
    await t.close();
  });
  const page = async (url: string) =>
    preloadsOf((await t.app.inject({ url, headers: { host: siteHost.onlineJoining } })).body);

  it('preloads what the English page does but the account form, whose labels are in the page’s language', async () => {
    const path = '/centre/castlefield-leisure-centre/membership/off-peak-gym/recurring';
    const english = await page(path);
    const welsh = await page(`/cy${path}`);
    expect(english).toContain('/api/data-fields?onboarding_type=customer_account_online');
    expect(welsh).toEqual(english.filter((href) => !href.startsWith('/api/data-fields?')));
  });
});
