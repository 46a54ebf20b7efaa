import { useSyncExternalStore } from 'react';
import { isLoggedInState, readAuthState } from './auth-state.ts';

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

export function useAuthState(): { state: string | null; loggedIn: boolean } {
  const state = useSyncExternalStore(subscribeToAuthState, () => lastSeen);
  return { state, loggedIn: isLoggedInState(state) };
}
