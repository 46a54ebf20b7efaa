import { useSyncExternalStore } from 'react';
import { isLoggedInState, readAuthState } from '../../app/session/auth-state.ts';

/** The staff site's `lido_staffState` cookie says of a staff session what `lido_authState` says of a customer's. */
const staffStateNames = ['__Secure-lido_staffState', 'lido_staffState'];

/**
 * The staff session as the page knows it, from the readable `lido_staffState` cookie (the token
 * itself is HttpOnly), as the customer sites follow `lido_authState`.
 */
const readStaffState = () => readAuthState(undefined, staffStateNames);
let lastSeen: string | null = readStaffState();
const listeners = new Set<() => void>();

export function noteStaffState(state: string | null): void {
  lastSeen = state ?? readStaffState();
  listeners.forEach((listener) => listener());
}

/** The server ended the session (a 401 cleared the cookie): everything watching hears it. */
export function recheckStaffState(): void {
  noteStaffState(null);
}

export function useStaffLoggedIn(): boolean {
  const state = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => lastSeen,
  );
  return isLoggedInState(state);
}
