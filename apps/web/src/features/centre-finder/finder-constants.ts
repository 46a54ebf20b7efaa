import { centreFinderWords } from './words.ts';

/** The joining spec's map and search constants and messages (sections 8 and 9). */
export const radiusMiles = { min: 1, max: 10, step: 1, default: 5 } as const;
export const geolocationTimeoutMs = 10_000;
export const flyToDurationMs = 2000;
export const clusterFlyToDurationMs = 1000;
export const clusterMaxZoom = 20;
export const clusterRadius = 22;
export const searchThisAreaMinZoom = 8;
export const pinSelectMinZoom = 9;
export const defaultView = { latitude: 53.59, longitude: -2, zoomMobile: 4.4, zoomDesktop: 5.5 } as const;
export const narrowView = { latitude: 54.8, longitude: -2.75, zoom: 4.92 } as const;

/** The finder's messages, looked up when read (a getter each) so a Welsh page's are its Welsh. */
export const messages = {
  get prompt() {
    return centreFinderWords('prompt');
  },
  get searching() {
    return centreFinderWords('searching');
  },
  searchingFor: (term: string) => centreFinderWords('searchingFor', { term }),
  get cannotFind() {
    return centreFinderWords('cannotFind');
  },
  get noVenuesFound() {
    return centreFinderWords('noVenuesFound');
  },
  get noCentres() {
    return centreFinderWords('noCentres');
  },
  get locationDenied() {
    return centreFinderWords('locationDenied');
  },
  get locationFailed() {
    return centreFinderWords('locationFailed');
  },
};
