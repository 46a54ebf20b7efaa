import { createContext, useContext } from 'react';

export type SiteName = 'bookings' | 'my-account' | 'online-joining';

export const SiteContext = createContext<SiteName>('bookings');

export function useSite(): SiteName {
  return useContext(SiteContext);
}
