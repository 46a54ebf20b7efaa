import type { ComponentType, ReactNode } from 'react';

export type Params = Readonly<Record<string, string | undefined>>;

export interface LoaderFunctionArgs {
  params: Params;
  request: Request;
}

/** What a route's `lazy()` may answer: the parts of a route that can load later. */
export type LazyRouteParts = Partial<
  Pick<RouteObject, 'element' | 'Component' | 'errorElement' | 'handle' | 'loader'>
>;

/** The subset of React Router's route object the sites use, with the same names and meaning. */
export interface RouteObject {
  /** static segments, `:param` segments and a final `*`; relative to the parent's path */
  path?: string;
  index?: boolean;
  id?: string;
  element?: ReactNode;
  Component?: ComponentType | null;
  errorElement?: ReactNode;
  handle?: unknown;
  /** started before the page commits, and waited for; its answer is the match's `data` */
  loader?: (args: LoaderFunctionArgs) => unknown;
  lazy?: () => Promise<LazyRouteParts>;
  children?: RouteObject[];
}

/** A route with its id, as the router holds it (its `lazy` parts are copied in once loaded). */
export interface DataRoute extends RouteObject {
  id: string;
  children?: DataRoute[];
}

/** React Router's ids: the route's place in the tree, `0`, `0-1`, `0-1-2`... */
export function toDataRoutes(routes: RouteObject[], parentId = ''): DataRoute[] {
  return routes.map((route, at) => {
    const id = route.id ?? (parentId ? `${parentId}-${at}` : String(at));
    return { ...route, id, children: route.children && toDataRoutes(route.children, id) };
  });
}
