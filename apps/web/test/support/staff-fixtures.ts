/** The demo's centre manager, as GET /api/staff/me answers for them (decision 0092). */
export const managerMe = {
  id: 4,
  username: 'manager',
  name: 'Morgan Manager',
  role: 'manager',
  roleLabel: 'Manager',
  currencySymbol: '£',
  centres: ['castlefield-leisure-centre'],
};

/** Lazy route chunks take a while on a busy machine. */
export const lazyRouteWait = { timeout: 5_000 };
