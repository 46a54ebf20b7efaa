/**
 * The customer's session as the chrome needs it. Accounts (login, registration, the token check)
 * arrive with the accounts issue; until then every visitor is logged out.
 */
export interface SessionSummary {
  isLoggedIn: boolean;
  firstName: string | null;
}

export function useSession(): SessionSummary {
  return { isLoggedIn: false, firstName: null };
}

/** The basket's item count for the header badge; the basket arrives with the checkout issue. */
export function useBasketCount(): number {
  return 0;
}
