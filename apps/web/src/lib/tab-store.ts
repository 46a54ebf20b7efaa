import { useSyncExternalStore } from 'react';

/**
 * A small store kept for the browser tab in sessionStorage: it survives a refresh, not a new tab,
 * and is gone when the tab closes. `revive` checks what was stored, since another version of the
 * app may have written it.
 */
export function createTabStore<T>(key: string, initial: T, revive: (stored: unknown) => T | null) {
  const storage = (): Storage | null => {
    try {
      return typeof window === 'undefined' ? null : window.sessionStorage;
    } catch {
      return null; // storage blocked (a sandboxed iframe): the state lives for this page only
    }
  };
  const read = (): T => {
    try {
      const raw = storage()?.getItem(key);
      return (raw ? revive(JSON.parse(raw)) : null) ?? initial;
    } catch {
      return initial;
    }
  };
  let state = read();
  const listeners = new Set<() => void>();
  const set = (next: T) => {
    state = next;
    try {
      storage()?.setItem(key, JSON.stringify(next));
    } catch {
      /* storage full or blocked: the in-memory state still applies */
    }
    listeners.forEach((listener) => listener());
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    get: () => state,
    set,
    update: (patch: Partial<T>) => set({ ...state, ...patch }),
    reset: () => set(initial),
    use: (): T => useSyncExternalStore(subscribe, () => state),
  };
}
