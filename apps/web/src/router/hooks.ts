import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { type BlockerFunction, idleBlocker, type NavigateOptions } from './create-router.ts';
import type { Location, To } from './history.ts';
import { RouteErrorContext, useRouterContext } from './context.ts';
import type { Params } from './route-object.ts';

export function useLocation(): Location {
  return useRouterContext().state.location;
}

export type NavigateFunction = {
  (to: To, options?: NavigateOptions): Promise<void>;
  (delta: number): Promise<void>;
};

/** One function for the router's life, like React Router's; `navigate(-1)` goes back. */
export function useNavigate(): NavigateFunction {
  const { router } = useRouterContext();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => router.navigate(to, options),
    [router],
  ) as NavigateFunction;
}

/** All the params of the current match, wherever in the tree the caller sits. */
export function useParams<P extends Params = Params>(): P {
  const { matches } = useRouterContext().state;
  return (matches.at(-1)?.params ?? {}) as P;
}

export interface UIMatch {
  id: string;
  pathname: string;
  params: Params;
  handle: unknown;
  data: unknown;
}

export function useMatches(): UIMatch[] {
  const { matches, loaderData } = useRouterContext().state;
  return useMemo(
    () =>
      matches.map(({ route, pathname, params }) => ({
        id: route.id,
        pathname,
        params,
        handle: route.handle,
        data: loaderData[route.id],
      })),
    [matches, loaderData],
  );
}

export type SetURLSearchParams = (
  next: URLSearchParamsInit | ((current: URLSearchParams) => URLSearchParamsInit),
  options?: NavigateOptions,
) => void;
type URLSearchParamsInit = string | URLSearchParams | Record<string, string> | [string, string][];

export function useSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetURLSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      void navigate(`?${new URLSearchParams(value).toString()}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}

export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

let blockerCount = 0;

/**
 * Asks `shouldBlock` before any navigation (links, navigate, and Back/Forward); a blocked one
 * waits for `proceed()` or `reset()`.
 */
export function useBlocker(shouldBlock: boolean | BlockerFunction) {
  const { router, state } = useRouterContext();
  const [key] = useState(() => `blocker-${++blockerCount}`);
  useEffect(() => {
    router.setBlocker(key, typeof shouldBlock === 'function' ? shouldBlock : () => shouldBlock);
  }, [router, key, shouldBlock]);
  useEffect(() => () => router.deleteBlocker(key), [router, key]);
  return state.blockers.get(key) ?? idleBlocker;
}
