/**
 * The checkout service base (the spec's `{checkout}`), apart from the basket's schemas so the
 * browser's first routes can import it without zod (issue 20).
 */
export const checkoutServiceBase = '/api/cart';
