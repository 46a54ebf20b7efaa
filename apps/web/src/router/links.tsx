import {
  type AnchorHTMLAttributes,
  type CSSProperties,
  forwardRef,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useRef,
} from 'react';
import { useRouterContext } from './context.ts';
import { createPath, resolveTo, type To } from './history.ts';
import { useLocation, useNavigate } from './hooks.ts';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** a full page load instead of an in-app navigation */
  reloadDocument?: boolean;
  preventScrollReset?: boolean;
}

const absoluteUrl = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** A same-origin absolute URL becomes its path; another origin's stays a plain link. */
function internalTo(to: To): To | null {
  if (typeof to !== 'string' || !absoluteUrl.test(to)) return to;
  try {
    const url = new URL(to, window.location.href);
    return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

/** A plain left click with no modifier, on a link that opens here: the only one the router takes. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** A real `<a href>` that navigates in the app on a plain click. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, reloadDocument, preventScrollReset, onClick, target, ...rest },
  ref,
) {
  const { router } = useRouterContext();
  const location = useLocation();
  const navigate = useNavigate();
  const internal = internalTo(to);
  const resolved = internal == null ? null : resolveTo(internal, location);
  const href = resolved == null ? (to as string) : router.createHref(resolved);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || resolved == null || reloadDocument || rest.download != null) return;
    if (!isPlainClick(event, target)) return;
    event.preventDefault();
    // As React Router does: a link to the page already shown replaces its entry.
    const here = createPath(location) === createPath(resolved);
    void navigate(resolved, { replace: replace ?? here, state, preventScrollReset });
  };
  // The caller's props carry the link's content; the href is this site's own (an in-app path).
  // eslint-disable-next-line jsx-a11y/anchor-has-content, no-restricted-syntax
  return <a {...rest} href={href} target={target} ref={ref} onClick={handleClick} />;
});

interface NavLinkRenderProps {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  end?: boolean;
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
}

/** Whether `pathname` is `to` or (without `end`) below it; case-insensitive, as matching is. */
function isAt(pathname: string, to: string, end: boolean | undefined): boolean {
  const location = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (location === target) return true;
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return !end && location.startsWith(target) && location.charAt(slashAt) === '/';
}

/** A Link that knows when it is the current page: `aria-current="page"` and an `active` class. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { end, className, style, children, 'aria-current': ariaCurrent = 'page', ...rest },
  ref,
) {
  const { state } = useRouterContext();
  const toPathname = resolveTo(rest.to, state.location).pathname!;
  const isActive = isAt(state.location.pathname, toPathname, end);
  const pending = state.navigation.location;
  const isPending = pending != null && isAt(pending.pathname, toPathname, end);
  const props = { isActive, isPending, isTransitioning: false };
  return (
    <Link
      {...rest}
      ref={ref}
      aria-current={isActive ? ariaCurrent : undefined}
      className={
        typeof className === 'function'
          ? className(props)
          : [className, isActive && 'active', isPending && 'pending'].filter(Boolean).join(' ') || undefined
      }
      style={typeof style === 'function' ? style(props) : style}
    >
      {typeof children === 'function' ? children(props) : children}
    </Link>
  );
});

/** Navigates once, after rendering (StrictMode's second effect run does not navigate again). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void navigate(to, { replace, state });
  });
  return null;
}
