// The account pages after the dashboard, in one chunk the my-account site loads with import() when
// one is first visited (they share their lists, dialogs and queries, so one chunk rather than
// eight). Not in index.ts, so the dashboard's first route does not carry them (decision 0024).
import { BookingsPage } from './bookings-page.tsx';

export { PackagesPage } from './account-lists.tsx';
export { GuestPassesPage } from './guest-passes-page.tsx';
export { MembershipCardPage } from './membership-card-page.tsx';
export { BankDetailsPage } from './bank-details-page.tsx';
export { CancelMembershipPage } from './cancel-membership-page.tsx';
export { FreezeMembershipPage } from './freeze-membership-page.tsx';
export { MembershipHistoryPage } from './membership-history-page.tsx';
export { MembershipsPage } from './memberships-page.tsx';
export { MyDetailsPage } from './my-details-page.tsx';
export { PaymentsPage, ReceiptPage } from './payments-pages.tsx';

export const UpcomingBookingsPage = () => <BookingsPage show="upcoming" />;
export const PastBookingsPage = () => <BookingsPage show="past" />;
