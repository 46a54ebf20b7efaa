import { useSyncExternalStore } from 'react';

/** The customer's answer about analytics cookies; null until they have answered (treated as no). */
export type AnalyticsConsent = 'granted' | 'denied';

export const consentStorageKey = 'lido.analyticsConsent';
const listeners = new Set<() => void>();

export function readConsent(): AnalyticsConsent | null {
  try {
    const stored = window.localStorage.getItem(consentStorageKey);
    return stored === 'granted' || stored === 'denied' ? stored : null;
  } catch {
    return null; // storage blocked: no answer kept, so no tags
  }
}

export function setConsent(choice: AnalyticsConsent): void {
  try {
    window.localStorage.setItem(consentStorageKey, choice);
  } catch {
    /* storage blocked: the answer holds for this page only */
  }
  memory = choice;
  listeners.forEach((listener) => listener());
}

let memory: AnalyticsConsent | null = null;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The answer as it is now, across the site's tabs' storage, or this page's if storage is blocked. */
export function useConsent(): AnalyticsConsent | null {
  return useSyncExternalStore(subscribe, () => readConsent() ?? memory);
}
