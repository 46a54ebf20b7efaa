import { createContext, useContext } from 'react';
import type { SiteName } from './site-context.tsx';
import type { Voice } from './voice.ts';

/**
 * What the staff site changes in the pages it shares with the customer sites (decision 0057),
 * given by its layout; the customer sites give none. Kept out of the shared code's own logic so the
 * staff site's rules never load on a customer site's first route.
 */
export interface SiteOverrides {
  /** Where a link to a path of another site goes instead (the staff site keeps every link on itself). */
  linkTo?: (site: SiteName, to: string, extraParams?: Record<string, string>) => string;
  /** A hook: whether the pages treat a customer as logged in (at the desk, the selected customer). */
  useCustomerLoggedIn?: () => boolean;
  /** Who the shared pages talk to (voice.ts): the clerk at the desk, about the customer. */
  voice?: Voice;
}

export const SiteOverridesContext = createContext<SiteOverrides>({});

export function useSiteOverrides(): SiteOverrides {
  return useContext(SiteOverridesContext);
}
