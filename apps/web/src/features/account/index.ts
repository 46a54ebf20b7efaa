// The account feature's public surface: what sites and other features may import from it. Its pages
// are in account-pages.tsx, which the my-account site loads with import() (decision 0024).
export { myDirectDebitQuery } from './get-direct-debit.ts';
export { canCancel, canChange, canRenew, myMembershipsQuery } from './get-memberships.ts';
export { RenewButton } from './renew-button.tsx';
export { freezeSummary } from './freeze-on-card.tsx';
export { OutstandingBalanceNotice, useOwesBalance } from './outstanding-balance.tsx';
export { PenaltyFeesSection } from './penalty-fees.tsx';
export { BookingBlockNotice } from './booking-block-notice.tsx';
export { UpcomingBookingsSummary } from './upcoming-bookings-summary.tsx';
export { accountWords } from './words.ts';
// What a supervisor does for a customer at the desk (decision 0085): My account's own rules, words
// and calls, which the staff site sends to its staff routes.
export { bookingPlace } from './booking-text.ts';
export { CancelBookingDialog } from './cancel-booking-dialog.tsx';
export { useBookingCancellation } from './cancel-booking.ts';
export { CancelMembershipForm, ExitTerms } from './cancel-membership-page.tsx';
export { FreezeForm } from './freeze-membership-page.tsx';
export { myBookingsQuery } from './get-account-lists.ts';
export { membershipExitQuery, useCancelMembership } from './membership-exit-api.ts';
export { freezeOfferQuery } from './membership-freeze.ts';
