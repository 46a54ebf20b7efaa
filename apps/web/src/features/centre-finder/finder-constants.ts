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

export const messages = {
  prompt: 'Search or click on a map pin to view centre details',
  searching: 'Searching...',
  searchingFor: (term: string) => `Searching ${term}...`,
  cannotFind: 'Cannot find location, please try again.',
  noVenuesFound: 'No venues found',
  noCentres: 'No centres found',
  locationDenied: 'Failed to use your location, please allow location access and try again',
  locationFailed: 'Failed to use your location, please try again',
} as const;
