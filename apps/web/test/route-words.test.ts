import { afterEach, describe, expect, it, vi } from 'vitest';

/** Issue 38: every customer page's tab title and breadcrumb are in the page's language. */
describe('the customer sites’ page names', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    vi.resetModules();
  });

  async function routeTextOn(path: string) {
    window.history.replaceState(null, '', path);
    vi.resetModules();
    const { routeText } = await import('../src/app/route-words.ts');
    // Made before the Welsh arrives, as the sites make their routes.
    const basket = routeText('basket');
    const { messagesLoaded } = await import('../src/i18n/i18n.ts');
    await messagesLoaded();
    return { basket: basket(), myAccount: routeText('myAccount')() };
  }

  it('are English on an English page', async () => {
    expect(await routeTextOn('/basket')).toEqual({ basket: 'Basket', myAccount: 'My account' });
  });

  it('are Welsh on a Welsh page, though the routes were made before the Welsh arrived', async () => {
    expect(await routeTextOn('/cy/basket')).toEqual({ basket: 'Basged', myAccount: 'Fy nghyfrif' });
  });
});
