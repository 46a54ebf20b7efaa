/** How often the auth state cookie is compared with the last one seen (platform spec, section 4). */
export declare const authCheckIntervalMs = 5000;
/** Records the state after this tab logged in or out itself. */
export declare function noteAuthState(state: string | null): void;
/** Compares the cookie with the last state seen; a change (another tab or site) is published. */
export declare function checkAuthState(): boolean;
export declare function subscribeToAuthState(listener: () => void): () => void;
export declare function useAuthState(): {
    state: string | null;
    loggedIn: boolean;
};
