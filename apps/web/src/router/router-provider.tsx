import { Component, type ReactNode, startTransition, useContext, useLayoutEffect, useState } from 'react';
import { RouteContext, RouteErrorContext, RouterContext, useRouterContext } from './context.ts';
import type { Router, RouterState } from './create-router.ts';
import type { Location } from './history.ts';
import { routerWords } from './words.ts';

interface BoundaryProps {
  location: Location;
  error: unknown;
  fallback: ReactNode;
  children: ReactNode;
}

/** A route's errorElement: shows a render error until the address changes. */
class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; location: Location }> {
  override state = { error: this.props.error, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; location: Location }) {
    if (props.location !== state.location) return { error: props.error, location: props.location };
    return { error: props.error ?? state.error, location: state.location };
  }

  override render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider>
    );
  }
}

/** Shown when a route with no errorElement anywhere above it fails (a component, so its words are the page's language). */
function DefaultError() {
  return <h2>{routerWords('unexpectedError')}</h2>;
}
const defaultErrorElement = <DefaultError />;

/** Match `at`, wrapped in its error boundary when it has an errorElement (the root always has one). */
function renderMatch(state: RouterState, at: number): ReactNode {
  const match = state.matches[at];
  if (!match) return null;
  const { route } = match;
  const error = state.errors?.[route.id];
  const page = route.element ?? (route.Component ? <route.Component /> : <Outlet />);
  const fallback = route.errorElement ?? (at === 0 ? defaultErrorElement : undefined);
  return (
    <RouteContext.Provider value={at}>
      {fallback === undefined ? (
        page
      ) : (
        <RouteErrorBoundary location={state.location} error={error} fallback={fallback}>
          {page}
        </RouteErrorBoundary>
      )}
    </RouteContext.Provider>
  );
}

/** Renders the next route of the match: a layout's child page. */
export function Outlet(): ReactNode {
  const { state } = useRouterContext();
  const at = useContext(RouteContext);
  // Below a route that failed, its errorElement shows instead, so nothing further renders.
  if (state.errors?.[state.matches[at]?.route.id ?? '']) return null;
  return renderMatch(state, at + 1);
}

/**
 * Renders the router's pages; nothing until the first one has loaded. Every change arrives inside
 * `startTransition`, as in React Router 7, so a lazy part within a page keeps the old page up
 * rather than flashing its fallback.
 */
export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    const show = (next: RouterState) => startTransition(() => setState(next));
    const unsubscribe = router.subscribe(show);
    // The first page may have loaded between the first render and this subscription.
    show(router.state);
    return unsubscribe;
  }, [router]);
  return (
    <RouterContext.Provider value={{ router, state }}>
      {state.initialized ? renderMatch(state, 0) : null}
    </RouterContext.Provider>
  );
}
