import { useSyncExternalStore } from 'react';
import { ApiError, type ApiResponse } from './api-client.ts';

/** What the spec keeps for every server request. */
export interface RequestState {
  requesting: boolean;
  error: string | null;
  statusCode: number | null;
  validationMessages: Record<string, string[]> | null;
}

export const idleRequest: RequestState = {
  requesting: false,
  error: null,
  statusCode: null,
  validationMessages: null,
};

export function createRequestTracker() {
  const states = new Map<string, RequestState>();
  const listeners = new Set<() => void>();
  const set = (name: string, state: RequestState) => {
    states.set(name, state);
    for (const listener of listeners) listener();
  };

  return {
    get: (name: string): RequestState => states.get(name) ?? idleRequest,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear(name: string) {
      set(name, idleRequest);
    },
    /** Starting clears the error; success records the status; failure records error, status and messages. */
    async track<T>(name: string, call: () => Promise<ApiResponse<T>>): Promise<ApiResponse<T>> {
      set(name, {
        ...(states.get(name) ?? idleRequest),
        requesting: true,
        error: null,
        validationMessages: null,
      });
      try {
        const response = await call();
        set(name, { requesting: false, error: null, statusCode: response.status, validationMessages: null });
        return response;
      } catch (error) {
        const apiError = error instanceof ApiError ? error : null;
        set(name, {
          requesting: false,
          error: error instanceof Error ? error.message : String(error),
          statusCode: apiError?.status ?? null,
          validationMessages: apiError?.validationMessages ?? null,
        });
        throw error;
      }
    },
  };
}

export const requestTracker = createRequestTracker();

export function useRequestState(name: string): RequestState {
  return useSyncExternalStore(requestTracker.subscribe, () => requestTracker.get(name));
}
