import { useSyncExternalStore } from 'react';

/**
 * The query parameters any page reads: `embedded` (remembered; switches embedded mode on),
 * `kiosk` (true turns kiosk mode on) and `centre` (the current centre). They are kept for the tab
 * in sessionStorage, so an embedded or kiosk session stays so as the customer moves around.
 */
export interface SiteMode {
  embedded: boolean;
  kiosk: boolean;
  centre: string | null;
}

const storageKey = 'lido.siteMode';
const emptyMode: SiteMode = { embedded: false, kiosk: false, centre: null };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage blocked (e.g. a sandboxed iframe): the mode lives for this page only
  }
}

function readStored(): SiteMode {
  try {
    const raw = storage()?.getItem(storageKey);
    return raw ? { ...emptyMode, ...(JSON.parse(raw) as Partial<SiteMode>) } : emptyMode;
  } catch {
    return emptyMode;
  }
}

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Applies a page's query string to the remembered mode; parameters that are absent change nothing. */
export function nextSiteMode(current: SiteMode, search: string): SiteMode {
  const params = new URLSearchParams(search);
  const next = { ...current };
  const embedded = params.get('embedded');
  if (embedded !== null) next.embedded = embedded === 'true';
  const kiosk = params.get('kiosk');
  if (kiosk !== null) next.kiosk = kiosk === 'true';
  const centre = params.get('centre');
  if (centre !== null) next.centre = slugPattern.test(centre) ? centre : null;
  return next;
}

let mode: SiteMode =
  typeof window === 'undefined' ? emptyMode : nextSiteMode(readStored(), window.location.search);
const listeners = new Set<() => void>();

function save(next: SiteMode): void {
  try {
    storage()?.setItem(storageKey, JSON.stringify(next));
  } catch {
    /* storage full or blocked: the in-memory mode still applies */
  }
}
save(mode);

/**
 * The staff site has no kiosk or embedded mode (issue 19 item 1): its entry calls this first, so
 * neither a query parameter nor anything remembered can switch them on there.
 */
let locked = false;
export function lockSiteModeOff(): void {
  mode = emptyMode;
  locked = true;
  save(mode);
  listeners.forEach((listener) => listener());
}

export function updateSiteModeFromSearch(search: string): void {
  if (locked) return;
  const next = nextSiteMode(mode, search);
  if (next.embedded === mode.embedded && next.kiosk === mode.kiosk && next.centre === mode.centre) return;
  setSiteMode(next);
}

export function setSiteMode(next: SiteMode): void {
  if (locked) return;
  mode = next;
  save(mode);
  listeners.forEach((listener) => listener());
}

export function getSiteMode(): SiteMode {
  return mode;
}

export function useSiteMode(): SiteMode {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => mode,
  );
}
