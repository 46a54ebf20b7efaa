import { useSyncExternalStore } from 'react';
import type { Coordinates } from './geo.ts';
import { radiusMiles } from './finder-constants.ts';

/** The spec's map state (platform section 3), shared by the finder, its map and "Change location". */
export interface FinderState {
  radius: number;
  searchedCoordinates: Coordinates | null;
  flyToLocation: Coordinates | null;
  searchTerm: string;
  searchMessage: string | null;
  usersLocation: Coordinates | null;
  noVenuesFound: boolean;
}

export const initialFinderState: FinderState = {
  radius: radiusMiles.default,
  searchedCoordinates: null,
  flyToLocation: null,
  searchTerm: '',
  searchMessage: null,
  usersLocation: null,
  noVenuesFound: false,
};

let state = initialFinderState;
const listeners = new Set<() => void>();

export function updateFinder(patch: Partial<FinderState>): void {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

/** "Change location" clears the map state. */
export function resetFinder(): void {
  state = initialFinderState;
  listeners.forEach((listener) => listener());
}

export function getFinderState(): FinderState {
  return state;
}

export function useFinderState(): FinderState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
