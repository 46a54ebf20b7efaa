import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageName, usePageTitle } from '../src/app/page-title.ts';
import { Outlet } from '../src/router/index.ts';
import { renderRoutesOnSite } from './support/render.tsx';

/** A layout showing the name its pages get, as both layouts put it in the document title. */
function Layout() {
  return (
    <>
      <p data-testid="name">{usePageName() ?? ''}</p>
      <Outlet />
    </>
  );
}

function NamedPage() {
  usePageTitle('Jordan Reed');
  return <h1>Jordan Reed</h1>;
}

// Issue 34 item 4: every staff customer page was titled "Customer | Front of house".
describe('what names a page', () => {
  it('is the page’s own title where it sets one, over its route’s fixed one', async () => {
    renderRoutesOnSite(
      [
        {
          element: <Layout />,
          children: [
            { path: '/customers/:customerId', element: <NamedPage />, handle: { title: 'Customer' } },
          ],
        },
      ],
      { site: 'front-of-house', path: '/customers/7' },
    );
    await screen.findByRole('heading', { name: 'Jordan Reed' });
    expect(screen.getByTestId('name').textContent).toBe('Jordan Reed');
  });

  it('is the innermost route’s title for a page that sets none', async () => {
    renderRoutesOnSite(
      [
        {
          element: <Layout />,
          handle: { title: 'Front desk' },
          children: [{ path: '/basket', element: <h1>Basket</h1>, handle: { title: 'Basket' } }],
        },
      ],
      { site: 'front-of-house', path: '/basket' },
    );
    await screen.findByRole('heading', { name: 'Basket' });
    expect(screen.getByTestId('name').textContent).toBe('Basket');
  });

  // Issue 38: a customer page's name is looked up when shown, so a Welsh page's words, which arrive
  // after the routes are made, are the ones used.
  it('is looked up when shown when the route gives a function', async () => {
    let name = 'Basket';
    const title = () => name;
    renderRoutesOnSite(
      [{ element: <Layout />, children: [{ path: '/basket', element: <h1>Basket</h1>, handle: { title } }] }],
      { site: 'bookings', path: '/basket' },
    );
    await screen.findByRole('heading', { name: 'Basket' });
    expect(screen.getByTestId('name').textContent).toBe('Basket');
    name = 'Basged';
    expect(title()).toBe('Basged');
  });
});
