/**
 * Third-party tag scripts for the two configured ids (a Google Analytics measurement id and a Tag
 * Manager container). They are never loaded on a page that shows card fields (PCI DSS SAQ A): such
 * a page is always reached by a full page load once tags are present (see `needsCleanDocument`).
 */
const cardPagePaths = [/^\/checkout(\/|$)/];

export function isCardPage(pathname: string): boolean {
  return cardPagePaths.some((pattern) => pattern.test(pathname));
}

export interface TagIds {
  gaMeasurementId: string | null;
  gtmContainerId: string | null;
}

const idPattern = /^[A-Z]{1,4}-[A-Z0-9]{4,20}$/;
let loaded = false;

export function tagsLoaded(): boolean {
  return loaded;
}

/** Adds the tag scripts unless this page shows card fields; returns the URLs it added. */
export function loadTagScripts(ids: TagIds, pathname: string, doc: Document = document): string[] {
  if (loaded || isCardPage(pathname)) return [];
  const urls: string[] = [];
  if (ids.gtmContainerId && idPattern.test(ids.gtmContainerId)) {
    urls.push(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(ids.gtmContainerId)}`);
  }
  if (ids.gaMeasurementId && idPattern.test(ids.gaMeasurementId)) {
    urls.push(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ids.gaMeasurementId)}`);
  }
  for (const src of urls) {
    const script = doc.createElement('script');
    script.async = true;
    script.src = src;
    doc.head.appendChild(script);
  }
  loaded = urls.length > 0;
  return urls;
}

/** True when moving to `pathname` must be a full page load to leave the tag scripts behind. */
export function needsCleanDocument(pathname: string): boolean {
  return loaded && isCardPage(pathname);
}

export function resetTagsForTests(): void {
  loaded = false;
}
