import { useEffect, useLayoutEffect, useRef } from 'react';

/** How long a new page may take to show its heading (a spinner while it loads) before main takes focus. */
const headingWaitMs = 10_000;

/**
 * Focus follows the customer (WCAG 2.4.3, 4.1.3): on every route change after the first load the
 * window scrolls to the top and the new page's h1 takes focus (made focusable with tabindex=-1),
 * so keyboard and screen reader users start at the page they reached, never on <body>. A page that
 * already moved focus itself (an error summary) keeps it, and a route change that keeps the same
 * page on screen (the joining page's steps, each with its own address) is left to that page, which
 * moves focus to the section it opened. One mechanism for every page, run by the app shell.
 */
export function useRouteFocus(pathname: string) {
  const firstLoad = useRef(true);
  const focusedAtChange = useRef<Element | null>(null);
  const samePage = useRef(false);
  // The page's outermost element as last seen: the same node after a route change is the same page.
  const pageNode = useRef<Element | null>(null);
  useEffect(() => {
    const main = document.getElementById('main-content');
    if (!main) return;
    pageNode.current = main.firstElementChild;
    const observer = new MutationObserver(() => {
      pageNode.current = main.firstElementChild;
    });
    observer.observe(main, { childList: true });
    return () => observer.disconnect();
  }, []);
  // Before the new page's own effects run: they may scroll to or focus what they opened.
  useLayoutEffect(() => {
    if (firstLoad.current) return;
    const page = document.getElementById('main-content')?.firstElementChild ?? null;
    samePage.current = page !== null && page === pageNode.current;
    pageNode.current = page;
    if (samePage.current) return;
    focusedAtChange.current = document.activeElement;
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    const main = document.getElementById('main-content');
    if (!main || samePage.current) return;
    const before = focusedAtChange.current;
    const pageMovedFocus = () => {
      const now = document.activeElement;
      return now !== null && now !== document.body && now !== main && now !== before && now.isConnected;
    };
    const focusHeading = (): boolean => {
      const heading = main.querySelector('h1');
      if (!heading) return false;
      if (!pageMovedFocus()) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
      }
      return true;
    };
    if (focusHeading()) return;
    // The page is still loading: main holds focus meanwhile, so it never falls to the page with the
    // link that was pressed (issue 34 item 1), then the heading takes it once drawn.
    if (!pageMovedFocus()) main.focus({ preventScroll: true });
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => {
      stop();
      if (!pageMovedFocus()) main.focus();
    }, headingWaitMs);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
