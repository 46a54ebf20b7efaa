import { ErrorResponse } from './errors.ts';
import {
  type Action,
  createBrowserHistory,
  createLocation,
  createMemoryHistory,
  createPath,
  type History,
  type Location,
  parsePath,
  resolveTo,
  type To,
} from './history.ts';
import { matchRoutes, type RouteMatch } from './match-routes.ts';
import { type DataRoute, type RouteObject, toDataRoutes } from './route-object.ts';

export interface Blocker {
  state: 'unblocked' | 'blocked' | 'proceeding';
  /** where the blocked navigation was going */
  location?: Location;
  proceed?: () => void;
  reset?: () => void;
}

export type BlockerFunction = (args: {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: Action;
}) => boolean;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** accepted for React Router's callers; this router never moves the scroll position */
  preventScrollReset?: boolean;
}

export interface RouterState {
  /** false until the first page's lazy parts and loaders are in */
  initialized: boolean;
  historyAction: Action;
  location: Location;
  matches: RouteMatch[];
  /** the navigation under way, whose page is still loading */
  navigation: { state: 'idle' | 'loading'; location?: Location };
  /** errors by the id of the route whose errorElement shows them */
  errors: Record<string, unknown> | null;
  loaderData: Record<string, unknown>;
  blockers: Map<string, Blocker>;
}

export interface Router {
  readonly state: RouterState;
  readonly routes: DataRoute[];
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  subscribe(listener: (state: RouterState) => void): () => void;
  createHref(to: To): string;
  setBlocker(key: string, fn: BlockerFunction): void;
  deleteBlocker(key: string): void;
}

export const idleBlocker: Blocker = { state: 'unblocked' };

/** The nearest route at or above `at` that shows errors; the outermost route when none does. */
function boundaryFor(matches: RouteMatch[], at: number): string {
  for (let i = at; i >= 0; i--) if (matches[i]!.route.errorElement) return matches[i]!.route.id;
  return matches[0]!.route.id;
}

/** `lazy()` runs once per route; a failed import is tried again on the next visit. */
const lazyLoads = new WeakMap<DataRoute, Promise<void>>();
function loadLazy(route: DataRoute): Promise<void> | undefined {
  if (!route.lazy) return undefined;
  let load = lazyLoads.get(route);
  if (!load) {
    const lazy = route.lazy;
    load = lazy().then(
      (parts) => {
        Object.assign(route, parts);
        delete route.lazy;
      },
      (error: unknown) => {
        lazyLoads.delete(route);
        throw error;
      },
    );
    lazyLoads.set(route, load);
  }
  return load;
}

/**
 * The router: matches the address, loads the new page's lazy parts and runs its loaders before
 * committing (so the old page stays until the new one can render; the latest navigation wins),
 * asks the blocker before leaving, and tells RouterProvider of every change.
 */
export function createRouter(routeObjects: RouteObject[], history: History): Router {
  const routes = toDataRoutes(routeObjects);
  const listeners = new Set<(state: RouterState) => void>();
  const blockerFunctions = new Map<string, BlockerFunction>();
  let pending = 0;
  let skipNextPop = false;
  let state: RouterState = {
    initialized: false,
    historyAction: 'POP',
    location: history.location,
    matches: [],
    navigation: { state: 'idle' },
    errors: null,
    loaderData: {},
    blockers: new Map(),
  };

  const update = (changes: Partial<RouterState>) => {
    state = { ...state, ...changes };
    for (const listener of listeners) listener(state);
  };

  const setBlockerState = (key: string, blocker: Blocker) => {
    const blockers = new Map(state.blockers);
    blockers.set(key, blocker);
    update({ blockers });
  };

  /** The key of the blocker that stops this navigation, if any (only the latest blocker counts). */
  const blockingKey = (nextLocation: Location, historyAction: Action): string | undefined => {
    const last = [...blockerFunctions].at(-1);
    if (!last) return undefined;
    const [key, fn] = last;
    if (state.blockers.get(key)?.state === 'proceeding') return undefined;
    return fn({ currentLocation: state.location, nextLocation, historyAction }) ? key : undefined;
  };

  const matchesFor = (pathname: string) => {
    const matches = matchRoutes(routes, pathname);
    if (matches) return { matches, notFound: false };
    const root = routes.find((route) => !route.path || route.path === '/') ?? routes[0]!;
    return { matches: [{ route: root, pathname: '/', params: {} }], notFound: true };
  };

  /** Loads and commits one navigation; abandons it if a later one starts meanwhile. */
  async function start(action: Action, location: Location, commitHistory: () => void): Promise<void> {
    const id = ++pending;
    const { matches, notFound } = matchesFor(location.pathname);
    const hashOnly =
      state.initialized &&
      action !== 'REPLACE' &&
      location.pathname === state.location.pathname &&
      location.search === state.location.search &&
      location.hash !== state.location.hash;
    const errors: Record<string, unknown> = {};
    const loaderData: Record<string, unknown> = hashOnly ? state.loaderData : {};
    if (notFound) errors[matches[0]!.route.id] = new ErrorResponse(404, 'Not Found');
    else if (!hashOnly) {
      const lazyLoads = matches.map((match) => loadLazy(match.route));
      const needsLoading = lazyLoads.some(Boolean) || matches.some((match) => match.route.loader);
      if (needsLoading) {
        if (state.initialized) update({ navigation: { state: 'loading', location } });
        const request = new Request(new URL(createPath(location), window.location.origin));
        await Promise.all(
          matches.map(async (match, at) => {
            try {
              await lazyLoads[at];
              if (match.route.loader)
                loaderData[match.route.id] = await match.route.loader({ params: match.params, request });
            } catch (error) {
              errors[boundaryFor(matches, at)] ??= error;
            }
          }),
        );
        if (id !== pending) return;
      }
    }
    commitHistory();
    const blockers = new Map(state.blockers);
    for (const key of blockers.keys()) blockers.set(key, idleBlocker);
    update({
      initialized: true,
      historyAction: action,
      location,
      matches,
      navigation: { state: 'idle' },
      errors: Object.keys(errors).length ? errors : null,
      loaderData,
      blockers,
    });
  }

  history.listen(({ location, delta }) => {
    if (skipNextPop) {
      skipNextPop = false;
      return;
    }
    const key = delta == null ? undefined : blockingKey(location, 'POP');
    if (key && delta) {
      // The browser has moved already: put it back, and go again if the user proceeds.
      skipNextPop = true;
      history.go(-delta);
      setBlockerState(key, {
        state: 'blocked',
        location,
        proceed: () => {
          setBlockerState(key, { state: 'proceeding', location });
          history.go(delta);
        },
        reset: () => setBlockerState(key, idleBlocker),
      });
      return;
    }
    void start('POP', location, () => {});
  });

  async function navigate(to: To | number, options: NavigateOptions = {}): Promise<void> {
    if (typeof to === 'number') {
      history.go(to);
      return;
    }
    const location = createLocation(resolveTo(to, state.location), options.state ?? null);
    const key = blockingKey(location, options.replace ? 'REPLACE' : 'PUSH');
    if (key) {
      setBlockerState(key, {
        state: 'blocked',
        location,
        proceed: () => {
          setBlockerState(key, { state: 'proceeding', location });
          void navigate(to, options);
        },
        reset: () => setBlockerState(key, idleBlocker),
      });
      return;
    }
    const replace = options.replace ?? false;
    await start(replace ? 'REPLACE' : 'PUSH', location, () =>
      replace ? history.replace(location) : history.push(location),
    );
  }

  void start('POP', history.location, () => {});

  return {
    get state() {
      return state;
    },
    routes,
    navigate,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    createHref: (to) => history.href(typeof to === 'string' ? parsePath(to) : to),
    setBlocker: (key, fn) => blockerFunctions.set(key, fn),
    deleteBlocker(key) {
      blockerFunctions.delete(key);
      if (state.blockers.has(key)) {
        const blockers = new Map(state.blockers);
        blockers.delete(key);
        update({ blockers });
      }
    },
  };
}

/** `basename`: the address's language prefix ("/cy"), which the routes never see. */
export function createBrowserRouter(routes: RouteObject[], options: { basename?: string } = {}): Router {
  return createRouter(routes, createBrowserHistory(options.basename));
}

export function createMemoryRouter(
  routes: RouteObject[],
  options: { initialEntries?: (string | Partial<Location>)[]; initialIndex?: number } = {},
): Router {
  return createRouter(routes, createMemoryHistory(options.initialEntries, options.initialIndex));
}
