import { useSyncExternalStore } from 'react';

/**
 * The customer the staff site acts for (issue 19 item 3): chosen at the desk, kept for the tab in
 * sessionStorage (a reload keeps it) and taken from `?customer=ID` when a page opens with it. It
 * lives in app/ because the session, the calls and the staff site's pages all read it; only the
 * staff site ever sets it, so on the customer sites it stays null.
 */
const storageKey = 'lido.selectedCustomer';
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function parseCustomerId(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

let actingCustomerId: number | null = parseCustomerId(storage()?.getItem(storageKey));

export function getActingCustomerId(): number | null {
  return actingCustomerId;
}

export function setActingCustomerId(id: number | null): void {
  if (id === actingCustomerId) return;
  actingCustomerId = id;
  try {
    if (id === null) storage()?.removeItem(storageKey);
    else storage()?.setItem(storageKey, String(id));
  } catch {
    /* storage blocked: the choice lasts for this page */
  }
  listeners.forEach((listener) => listener());
}

export function useActingCustomerId(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => actingCustomerId,
  );
}
