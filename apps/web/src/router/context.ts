import { createContext, useContext } from 'react';
import type { Router, RouterState } from './create-router.ts';

/** The router and the state RouterProvider last rendered (updated inside a transition). */
export const RouterContext = createContext<{ router: Router; state: RouterState } | null>(null);

/** Which match the component sits in: Outlet renders the next one. */
export const RouteContext = createContext<number>(-1);

/** The error an errorElement shows. */
export const RouteErrorContext = createContext<unknown>(undefined);

export function useRouterContext() {
  const context = useContext(RouterContext);
  if (!context) throw new Error('Router hooks and links work only inside <RouterProvider>');
  return context;
}
