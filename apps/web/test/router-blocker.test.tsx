import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createBrowserRouter,
  createMemoryRouter,
  Link,
  Outlet,
  type RouteObject,
  type Router,
  RouterProvider,
  useBlocker,
  useLocation,
} from '../src/router/index.ts';

/** The checkout's guard in small: asks before leaving /checkout for another page. */
function Guarded() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <>
      <h1>Checkout</h1>
      <p>{`blocker ${blocker.state}`}</p>
      <Link to="/elsewhere">Leave</Link>
      {blocker.state === 'blocked' && (
        <>
          <button onClick={() => blocker.reset?.()}>Stay</button>
          <button onClick={() => blocker.proceed?.()}>Go</button>
        </>
      )}
    </>
  );
}

function Layout() {
  return (
    <>
      <p data-testid="where">{useLocation().pathname}</p>
      <Outlet />
    </>
  );
}

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: 'checkout', element: <Guarded /> },
      { path: 'basket', element: <Link to="/checkout">Checkout</Link> },
      { path: 'elsewhere', element: <h1>Elsewhere</h1> },
    ],
  },
];

const where = () => screen.getByTestId('where').textContent;

function renderWith(router: Router) {
  render(<RouterProvider router={router} />);
  return router;
}

describe('useBlocker asks before leaving', () => {
  it('stops a link, stays on reset, and goes on proceed', async () => {
    renderWith(createMemoryRouter(routes, { initialEntries: ['/checkout'] }));
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    expect([where(), screen.getByText(/^blocker/).textContent]).toEqual(['/checkout', 'blocker blocked']);
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.getByText(/^blocker/).textContent).toBe('blocker unblocked');
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(where()).toBe('/elsewhere');
  });

  it('stops Back in memory: the entry is restored, and proceed goes back after all', async () => {
    const router = renderWith(createMemoryRouter(routes, { initialEntries: ['/basket'] }));
    await userEvent.click(screen.getByRole('link', { name: 'Checkout' }));
    await act(() => router.navigate(-1));
    expect([where(), screen.getByText(/^blocker/).textContent]).toEqual(['/checkout', 'blocker blocked']);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(where()).toBe('/basket');
  });
});

describe('the browser router', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('numbers its history entries, and undoes a blocked Back with history.go', async () => {
    window.history.replaceState(null, '', '/basket');
    const router = renderWith(createBrowserRouter(routes));
    await userEvent.click(screen.getByRole('link', { name: 'Checkout' }));
    expect(window.history.state).toMatchObject({ idx: 1 });
    expect(window.location.pathname).toBe('/checkout');

    const go = vi.spyOn(window.history, 'go');
    window.history.back();
    await vi.waitFor(() => expect(screen.getByText(/^blocker/).textContent).toBe('blocker blocked'));
    expect(go).toHaveBeenCalledWith(1);
    await vi.waitFor(() => expect(window.location.pathname).toBe('/checkout'));
    expect(router.state.location.pathname).toBe('/checkout');

    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    await vi.waitFor(() => expect(where()).toBe('/basket'));
    expect(window.location.pathname).toBe('/basket');
  });

  it('follows a plain hash link (the skip link) without leaving the page', async () => {
    window.history.replaceState(null, '', '/elsewhere');
    const router = renderWith(createBrowserRouter(routes));
    window.location.hash = '#main-content';
    await vi.waitFor(() => expect(router.state.location.hash).toBe('#main-content'));
    expect(screen.getByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
  });
});
