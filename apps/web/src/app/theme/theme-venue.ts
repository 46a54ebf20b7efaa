import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whose look a page wears (issue 34 item 6, decision 0084). A customer who starts at a centre's
 * timetable stays in that centre's colours, logo and footer on every page of the journey, not only
 * on the pages whose address names the centre:
 *
 * 1. the `centre` the tab was given (a kiosk's, or `?centre=`), which always wins;
 * 2. the centre the address names (/centre/{slug}, /location/{slug});
 * 3. the centre the page is about, once it knows (a session's venue: `useDeclareThemeVenue`);
 * 4. the journey's centre: the last one of 2 or 3 in this tab, for pages that belong to no centre
 *    (basket, checkout, confirmation, login);
 *
 * except on the operator's own pages (a site's home, listing every centre), which wear the
 * operator's look and end the journey.
 */
export interface ThemeVenueFacts {
  /** the tab's `centre` (site mode) */
  selectedCentre: string | null;
  /** the centre the address names */
  pathVenue: string | undefined;
  /** the centre the page says it is about */
  declaredVenue: string | null;
  /** the last centre seen in this tab */
  journeyVenue: string | null;
  /** the page is the operator's, not a centre's */
  operatorPage: boolean;
}

export function themeVenueFor(facts: ThemeVenueFacts): string | undefined {
  if (facts.selectedCentre) return facts.selectedCentre;
  if (facts.pathVenue) return facts.pathVenue;
  if (facts.declaredVenue) return facts.declaredVenue;
  if (facts.operatorPage) return undefined;
  return facts.journeyVenue ?? undefined;
}

const storageKey = 'lido.journeyVenue';
const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function readStored(): string | null {
  try {
    const stored = typeof window === 'undefined' ? null : window.sessionStorage.getItem(storageKey);
    return stored && slugPattern.test(stored) ? stored : null;
  } catch {
    return null; // storage blocked (a sandboxed frame): the journey lives for this page only
  }
}

interface VenueState {
  journey: string | null;
  declared: string | null;
}

let state: VenueState = { journey: readStored(), declared: null };
const listeners = new Set<() => void>();

function set(next: VenueState): void {
  if (next.journey === state.journey && next.declared === state.declared) return;
  state = next;
  try {
    if (next.journey) window.sessionStorage.setItem(storageKey, next.journey);
    else window.sessionStorage.removeItem(storageKey);
  } catch {
    /* storage blocked: the in-memory journey still applies */
  }
  listeners.forEach((listener) => listener());
}

/** The layout records what it resolved: a centre continues the journey, an operator page ends it. */
export function recordThemeVenue(venue: string | undefined, operatorPage: boolean): void {
  if (venue) set({ ...state, journey: venue });
  else if (operatorPage) set({ ...state, journey: null });
}

export function useThemeVenueState(): VenueState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/**
 * A page about one centre whose address does not name it (a session page) says which, once it
 * knows; leaving the page withdraws it.
 */
export function useDeclareThemeVenue(slug: string | undefined): void {
  useEffect(() => {
    if (!slug) return;
    set({ ...state, declared: slug });
    return () => set({ ...state, declared: null });
  }, [slug]);
}

/** For tests: a new tab. */
export function resetThemeVenue(): void {
  set({ journey: null, declared: null });
}
