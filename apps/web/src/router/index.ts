// A small router with the subset of React Router 7 the sites use, under the same names and with
// the same behaviour (decision 0059): the first routes carry about 15 KB less JavaScript.
export { createBrowserRouter, createMemoryRouter } from './create-router.ts';
export type { Blocker, BlockerFunction, NavigateOptions, Router, RouterState } from './create-router.ts';
export { isRouteErrorResponse } from './errors.ts';
export type { Location, To } from './history.ts';
export {
  useBlocker,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from './hooks.ts';
export type { NavigateFunction, UIMatch } from './hooks.ts';
export { Link, Navigate, NavLink } from './links.tsx';
export type { LinkProps, NavLinkProps } from './links.tsx';
export type { LoaderFunctionArgs, Params, RouteObject } from './route-object.ts';
export { Outlet, RouterProvider } from './router-provider.tsx';
