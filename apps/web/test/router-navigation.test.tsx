import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  createMemoryRouter,
  isRouteErrorResponse,
  Link,
  NavLink,
  Navigate,
  Outlet,
  type RouteObject,
  RouterProvider,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from '../src/router/index.ts';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function ShowError() {
  const error = useRouteError();
  return (
    <p>{isRouteErrorResponse(error) ? `status ${error.status}` : `error ${(error as Error).message}`}</p>
  );
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** A layout with an errorElement, as every site's is. */
function site(children: RouteObject[]): RouteObject[] {
  return [
    {
      element: (
        <>
          <Where />
          <Outlet />
        </>
      ),
      errorElement: <ShowError />,
      children,
    },
  ];
}

function renderRouter(routes: RouteObject[], initialEntries: string[] = ['/']) {
  const router = createMemoryRouter(routes, { initialEntries });
  render(<RouterProvider router={router} />);
  return router;
}

describe('a navigation loads the new page before showing it', () => {
  it('keeps the old page until the lazy page and its loader are in, then commits', async () => {
    const page = deferred<{ Component: () => React.ReactNode }>();
    const loaded = deferred();
    const loaderParams: unknown[] = [];
    const router = renderRouter(
      site([
        { index: true, element: <Link to="/centre/swim">Go</Link> },
        {
          path: 'centre/:slug',
          lazy: () => page.promise,
          loader: ({ params }) => {
            loaderParams.push(params);
            return loaded.promise;
          },
        },
      ]),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Go' }));
    expect(router.state.navigation.location?.pathname).toBe('/centre/swim');
    expect(router.state.location.pathname).toBe('/');
    await act(async () => page.resolve({ Component: () => <h1>Centre page</h1> }));
    // The page's code is in, but its loader is not: the old page stays.
    expect(screen.getByRole('link', { name: 'Go' })).toBeTruthy();
    expect(loaderParams).toEqual([{ slug: 'swim' }]);
    await act(async () => loaded.resolve());
    expect(await screen.findByRole('heading', { name: 'Centre page' })).toBeTruthy();
    expect(router.state.navigation.state).toBe('idle');
  });

  it('renders nothing until the first page has loaded', async () => {
    const page = deferred<{ element: React.ReactNode }>();
    const { container } = render(
      <RouterProvider router={createMemoryRouter(site([{ index: true, lazy: () => page.promise }]))} />,
    );
    expect(container.innerHTML).toBe('');
    await act(async () => page.resolve({ element: <h1>Home</h1> }));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('lets the latest navigation win over one still loading', async () => {
    const slow = deferred<{ element: React.ReactNode }>();
    const router = renderRouter(
      site([
        { index: true, element: <h1>Home</h1> },
        { path: 'slow', lazy: () => slow.promise },
        { path: 'fast', element: <h1>Fast</h1> },
      ]),
    );
    act(() => {
      void router.navigate('/slow');
    });
    await act(() => router.navigate('/fast'));
    await act(async () => slow.resolve({ element: <h1>Slow</h1> }));
    expect(screen.getByRole('heading').textContent).toBe('Fast');
    expect(router.state.location.pathname).toBe('/fast');
  });
});

describe('route errors', () => {
  it('shows the nearest errorElement for a render error, and a 404 when nothing matches', async () => {
    function Broken(): React.ReactNode {
      throw new Error('broken page');
    }
    const router = renderRouter(
      [
        {
          element: <Outlet />,
          errorElement: <ShowError />,
          children: [{ path: 'broken', Component: Broken }],
        },
      ],
      ['/nowhere'],
    );
    expect(screen.getByText('status 404')).toBeTruthy();
    const quiet = console.error;
    console.error = () => {};
    try {
      await act(() => router.navigate('/broken'));
    } finally {
      console.error = quiet;
    }
    expect(screen.getByText('error broken page')).toBeTruthy();
  });

  it('shows the errorElement when a lazy page fails to load', async () => {
    renderRouter(site([{ index: true, lazy: () => Promise.reject(new Error('chunk failed')) }]));
    expect(await screen.findByText('error chunk failed')).toBeTruthy();
  });
});

describe('hooks and links', () => {
  it('gives params, matches with their handles, and a new location key per navigation', async () => {
    const seen: string[] = [];
    function Page() {
      const { sessionId } = useParams();
      const location = useLocation();
      seen.push(location.key);
      const titles = useMatches().map((match) => (match.handle as { title?: string } | undefined)?.title);
      return <h1>{`${sessionId} ${titles.join('/')}`}</h1>;
    }
    const router = renderRouter(
      site([{ path: 'sessions/:sessionId', element: <Page />, handle: { title: 'Session' } }]),
      ['/sessions/1'],
    );
    expect(screen.getByRole('heading').textContent).toBe('1 /Session');
    await act(() => router.navigate('/sessions/2'));
    expect(screen.getByRole('heading').textContent).toBe('2 /Session');
    expect(new Set(seen).size).toBe(2);
  });

  it('reads and sets search params, by value or from the current ones, replacing when asked', async () => {
    function Filters() {
      const [params, setParams] = useSearchParams();
      return (
        <>
          <p>{`day ${params.get('day')}`}</p>
          <button
            onClick={() =>
              setParams((current) => ({ ...Object.fromEntries(current), day: 'tue' }), { replace: true })
            }
          >
            Tuesday
          </button>
          <button onClick={() => setParams({ q: 'x' })}>Search</button>
          <Link to="?day=wed">Wednesday</Link>
        </>
      );
    }
    const router = renderRouter(site([{ path: 'timetable', element: <Filters /> }]), [
      '/timetable?day=mon&c=swim',
    ]);
    expect(screen.getByText('day mon')).toBeTruthy();
    // A search-only link stays on the page's path.
    expect(screen.getByRole('link', { name: 'Wednesday' }).getAttribute('href')).toBe('/timetable?day=wed');
    await userEvent.click(screen.getByRole('button', { name: 'Tuesday' }));
    expect(screen.getByTestId('where').textContent).toBe('/timetable?day=tue&c=swim');
    expect(router.state.historyAction).toBe('REPLACE');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('where').textContent).toBe('/timetable?q=x');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('marks the current NavLink with aria-current and an active class; end stops at its own path', async () => {
    renderRouter(
      site([
        {
          path: 'account/*',
          element: (
            <nav>
              <NavLink to="/account" end className="tab">
                Overview
              </NavLink>
              <NavLink to="/account/bookings" className={({ isActive }) => (isActive ? 'on' : 'off')}>
                Bookings
              </NavLink>
            </nav>
          ),
        },
      ]),
      ['/account/bookings/past'],
    );
    const overview = screen.getByRole('link', { name: 'Overview' });
    const bookings = screen.getByRole('link', { name: 'Bookings' });
    expect([overview.getAttribute('aria-current'), overview.className]).toEqual([null, 'tab']);
    expect([bookings.getAttribute('aria-current'), bookings.className]).toEqual(['page', 'on']);
    await userEvent.click(overview);
    expect([overview.getAttribute('aria-current'), overview.className]).toEqual(['page', 'tab active']);
  });

  it('leaves modified clicks and other targets to the browser, and passes state and replace on', async () => {
    function Page() {
      const location = useLocation();
      return (
        <>
          <p>{JSON.stringify(location.state)}</p>
          <Link to="/b" state={{ from: 'a' }} replace>
            To b
          </Link>
          <Link to="/c" target="_blank">
            New tab
          </Link>
        </>
      );
    }
    const router = renderRouter(site([{ path: '*', element: <Page /> }]), ['/a']);
    const link = screen.getByRole('link', { name: 'To b' });
    expect(link.getAttribute('href')).toBe('/b');
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { button: 1 });
    await userEvent.click(screen.getByRole('link', { name: 'New tab' }));
    expect(router.state.location.pathname).toBe('/a');
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/b');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('{"from":"a"}')).toBeTruthy();
  });

  it('Navigate goes once, under StrictMode too, and navigate(-1) goes back', async () => {
    let navigations = 0;
    function Back() {
      const navigate = useNavigate();
      return <button onClick={() => void navigate(-1)}>Back</button>;
    }
    const router = createMemoryRouter(
      site([
        { path: 'old', element: <Navigate to="/new" replace /> },
        { path: 'new', element: <Back /> },
        { path: 'start', element: <Link to="/old">Old</Link> },
      ]),
      { initialEntries: ['/start'] },
    );
    router.subscribe((state) => {
      if (state.historyAction !== 'POP') navigations++;
    });
    const { StrictMode } = await import('react');
    render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Old' }));
    expect(router.state.location.pathname).toBe('/new');
    expect(navigations).toBe(2);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/start');
  });
});
