/** Query keys of the basket. Under 'auth' so that logging out drops it with the user. */
export const cartKeys = {
  cart: ['auth', 'cart'] as const,
};
