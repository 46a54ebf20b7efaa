// The account feature's public surface: what sites and other features may import from it.
export { GuestPassesPage, PackagesPage } from './account-lists.tsx';
export { BookingsPage } from './bookings-page.tsx';
export { CancelMembershipPage } from './cancel-membership-page.tsx';
export { MembershipHistoryPage } from './membership-history-page.tsx';
export { myDirectDebitQuery } from './get-direct-debit.ts';
export { myMembershipsQuery } from './get-memberships.ts';
export { MembershipsPage } from './memberships-page.tsx';
export { FreezeMembershipPage } from './freeze-membership-page.tsx';
export { freezeSummary } from './freeze-on-card.tsx';
export { MyDetailsPage } from './my-details-page.tsx';
export { PaymentsPage, ReceiptPage } from './payments-pages.tsx';
