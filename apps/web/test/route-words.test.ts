import { describe, expect, it } from 'vitest';
import { backToEnglishAfterEach, loadedOnPage } from './support/page-language.ts';

/** Issue 38: every customer page's tab title and breadcrumb are in the page's language. */
describe('the customer sites’ page names', () => {
  backToEnglishAfterEach();

  async function routeTextOn(path: string) {
    const { routeText, basket } = await loadedOnPage(path, async () => {
      const { routeText } = await import('../src/app/route-words.ts');
      // Made before the Welsh arrives, as the sites make their routes.
      return { routeText, basket: routeText('basket') };
    });
    return { basket: basket(), myAccount: routeText('myAccount')() };
  }

  it('are English on an English page', async () => {
    expect(await routeTextOn('/basket')).toEqual({ basket: 'Basket', myAccount: 'My account' });
  });

  it('are Welsh on a Welsh page, though the routes were made before the Welsh arrived', async () => {
    expect(await routeTextOn('/cy/basket')).toEqual({ basket: 'Basged', myAccount: 'Fy nghyfrif' });
  });
});
