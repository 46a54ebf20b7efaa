import { useSyncExternalStore } from 'react';

/** Whether the customer reopened the banner from the footer's "Cookie settings". */
let reopened = false;
const listeners = new Set<() => void>();

export function setBannerReopened(value: boolean): void {
  reopened = value;
  listeners.forEach((listener) => listener());
}

export function useBannerReopened(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => reopened,
  );
}
