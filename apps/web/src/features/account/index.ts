// The account feature's public surface: what sites and other features may import from it. Its pages
// are in account-pages.tsx, which the my-account site loads with import() (decision 0024).
export { myDirectDebitQuery } from './get-direct-debit.ts';
export { canChange, canRenew, myMembershipsQuery } from './get-memberships.ts';
export { RenewButton } from './renew-button.tsx';
export { freezeSummary } from './freeze-on-card.tsx';
export { OutstandingBalanceNotice, useOwesBalance } from './outstanding-balance.tsx';
export { UpcomingBookingsSummary } from './upcoming-bookings-summary.tsx';
