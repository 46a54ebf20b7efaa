import { useSyncExternalStore } from 'react';
import { isLoggedInState, readAuthState } from './auth-state.ts';
import { useSiteOverrides } from '../site-mode/site-overrides.ts';

/** How often the auth state cookie is compared with the last one seen (platform spec, section 4). */
export const authCheckIntervalMs = 5000;

let lastSeen: string | null = readAuthState();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Records the state after this tab logged in or out itself. */
export function noteAuthState(state: string | null): void {
  lastSeen = state ?? readAuthState();
  emit();
}

/** Compares the cookie with the last state seen; a change (another tab or site) is published. */
export function checkAuthState(): boolean {
  const current = readAuthState();
  if (current === lastSeen) return false;
  lastSeen = current;
  emit();
  return true;
}

export function subscribeToAuthState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The customer's login state. On the staff site the customer is the one selected at the desk (the
 * calls name them), so every shared page (joining, a session's booking, packages, the waiting list)
 * treats them as logged in, never asking the desk to log in as them.
 */
export function useAuthState(): { state: string | null; loggedIn: boolean } {
  const state = useSyncExternalStore(subscribeToAuthState, () => lastSeen);
  // The same hook on every render of a site: a site either overrides it or never does.
  const overridden = useSiteOverrides().useCustomerLoggedIn;
  return { state, loggedIn: overridden ? overridden() : isLoggedInState(state) };
}
