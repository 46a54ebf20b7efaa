/**
 * The analytics data layer: events are recorded here whether or not any tag script is loaded. It is
 * an array in the page: nothing leaves the browser unless the customer accepts analytics cookies
 * and the tags load, and Tag Manager then reads what came before.
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

/** A page view: a data layer event for Tag Manager, and GA's own event once gtag is initialised. */
export function recordPageView(pathname: string, title: string): void {
  pushToDataLayer({ event: 'pageview', page: { path: pathname, title } });
  window.gtag?.('event', 'page_view', { page_path: pathname, page_title: title });
}
