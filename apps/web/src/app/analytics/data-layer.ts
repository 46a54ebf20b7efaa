/**
 * The analytics data layer: events are recorded here whether or not any tag script is loaded, so
 * the record is the same with and without consent to third-party tags.
 */
export type DataLayerEvent = Record<string, unknown> & { event: string };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function pushToDataLayer(event: DataLayerEvent): void {
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}

export function recordPageView(pathname: string, title: string): void {
  pushToDataLayer({ event: 'pageview', page: { path: pathname, title } });
}
