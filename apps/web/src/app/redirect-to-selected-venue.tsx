import { useQuery } from '@tanstack/react-query';
import { Navigate } from '../router/index.ts';
import { Spinner } from '../ui/spinner.tsx';
import { userQuery } from './session/get-user.ts';
import { useAuthState } from './session/session-store.ts';
import type { SiteName } from './site-mode/site-context.tsx';
import { useSite } from './site-mode/site-context.tsx';
import { useSiteMode } from './site-mode/site-mode.ts';
import { appWords } from './words.ts';

/** Where a site shows one centre; my-account has no centre page. */
export function selectedVenuePath(site: SiteName, slug: string | null | undefined): string {
  if (!slug) return '/';
  if (site === 'bookings') return `/location/${slug}`;
  if (site === 'online-joining') return `/centre/${slug}`;
  return '/';
}

/**
 * /redirect-to-selected-venue (joining spec §2, a path other pages link to): the selected centre's
 * page on this site — the `centre` query's (kept for the tab), else the customer's home centre —
 * or the site's home when there is none. Waits for the signed-in customer before choosing.
 */
export function RedirectToSelectedVenue() {
  const site = useSite();
  const { centre } = useSiteMode();
  const { loggedIn } = useAuthState();
  const user = useQuery(userQuery(loggedIn && !centre));
  if (!centre && loggedIn && user.isPending) return <Spinner label={appWords('findingCentre')} />;
  return <Navigate replace to={selectedVenuePath(site, centre ?? user.data?.homeVenueSlug)} />;
}
