export declare function readAuthState(cookieString?: string): string | null;
export declare function isLoggedInState(state: string | null): boolean;
