import { useEffect, useSyncExternalStore } from 'react';
import { useMatches } from '../router/index.ts';
import { handleText, type RouteHandle } from '../features/chrome/index.ts';

/**
 * A page's own title, when its route's fixed one cannot say where the customer is (WCAG 2.4.2,
 * issue 21 item 8): the centre's name, the joining step. The root layout prefers it to the route's.
 */
let pageTitle: string | null = null;
const listeners = new Set<() => void>();

function setPageTitle(title: string | null): void {
  if (pageTitle === title) return;
  pageTitle = title;
  listeners.forEach((listener) => listener());
}

/** Names this page in the document title while it is shown (null: the route's own title). */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    setPageTitle(title);
    return () => setPageTitle(null);
  }, [title]);
}

/** The title a page has set, if any. */
export function usePageTitleOverride(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pageTitle,
  );
}

/**
 * What names the page shown: its own title (usePageTitle) or else the innermost route's fixed one.
 * Both layouts, the customer sites' and the staff site's, read it: the staff layout read the route's
 * alone, so its customer pages were all "Customer" (issue 34 item 4).
 */
export function usePageName(): string | undefined {
  const matches = useMatches();
  const pageTitle = usePageTitleOverride();
  return (
    pageTitle ??
    [...matches]
      .reverse()
      .map((match) => handleText((match.handle as RouteHandle | undefined)?.title))
      .find(Boolean)
  );
}
