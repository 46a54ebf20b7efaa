import { createContext, useContext } from 'react';

/** The three customer sites and the staff site (issue 19), each its own entry of one build. */
export type SiteName = 'bookings' | 'my-account' | 'online-joining' | 'front-of-house';

export const SiteContext = createContext<SiteName>('bookings');

export function useSite(): SiteName {
  return useContext(SiteContext);
}
