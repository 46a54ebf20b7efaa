/**
 * Third-party tag scripts for the two configured ids (a Google Analytics measurement id and a Tag
 * Manager container), added only once the customer has accepted analytics cookies, each with the
 * initialising calls that make it record anything (`gtm.start`; `gtag('js')`, `gtag('config')`).
 * They are never loaded on a page that shows card fields (PCI DSS SAQ A): such a page is always
 * reached by a full page load once tags are present (see `needsCleanDocument`).
 */
const cardPagePaths = [/^\/checkout(\/|$)/];

export function isCardPage(pathname: string): boolean {
  return cardPagePaths.some((pattern) => pattern.test(pathname));
}

export interface TagIds {
  gaMeasurementId: string | null;
  gtmContainerId: string | null;
}

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    gtag?: Gtag;
  }
}

const idPattern = /^[A-Z]{1,4}-[A-Z0-9]{4,20}$/;
const validId = (id: string | null): id is string => id !== null && idPattern.test(id);
let loaded = false;

export function tagsLoaded(): boolean {
  return loaded;
}

/** Whether the operator configured any tag, so there is anything to ask consent for. */
export function hasTags(ids: TagIds): boolean {
  return validId(ids.gtmContainerId) || validId(ids.gaMeasurementId);
}

function addScript(doc: Document, src: string): void {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.appendChild(script);
}

/**
 * Initialises and adds the tag scripts, given consent and unless this page shows card fields;
 * returns the URLs it added.
 */
export function loadTagScripts(
  ids: TagIds,
  pathname: string,
  consented: boolean,
  doc: Document = document,
): string[] {
  if (loaded || !consented || isCardPage(pathname)) return [];
  const win = doc.defaultView ?? window;
  const dataLayer = (win.dataLayer ??= []);
  const urls: string[] = [];
  if (validId(ids.gtmContainerId)) {
    // Tag Manager starts counting from this event; without it the container never fires.
    dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    urls.push(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(ids.gtmContainerId)}`);
  }
  if (validId(ids.gaMeasurementId)) {
    // gtag.js reads its commands from the data layer as Arguments objects, so gtag must push those.
    win.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
    win.gtag('consent', 'default', {
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    win.gtag('js', new Date());
    // Page views are sent on each route change (recordPageView), not once on load.
    win.gtag('config', ids.gaMeasurementId, { send_page_view: false });
    urls.push(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ids.gaMeasurementId)}`);
  }
  for (const src of urls) addScript(doc, src);
  loaded = urls.length > 0;
  return urls;
}

/** True when moving to `pathname` must be a full page load to leave the tag scripts behind. */
export function needsCleanDocument(pathname: string): boolean {
  return loaded && isCardPage(pathname);
}

/**
 * Consent withdrawn: the tags are told at once, their cookies go, and the page loads again without
 * them (a loaded script cannot be taken back out of a document).
 */
export function withdrawTags(doc: Document = document): void {
  window.gtag?.('consent', 'update', { analytics_storage: 'denied' });
  for (const cookie of doc.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim() ?? '';
    if (/^(_ga|_gid|_gat)/.test(name)) {
      doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
      doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; domain=${location.hostname}`;
    }
  }
  if (loaded) window.location.reload();
}

export function resetTagsForTests(): void {
  loaded = false;
}
