import { formatPence } from '@lido/pricing/money';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../router/index.ts';
import {
  accountWords,
  BookingBlockNotice,
  freezeSummary,
  myDirectDebitQuery,
  myMembershipsQuery,
  OutstandingBalanceNotice,
  PenaltyFeesSection,
  UpcomingBookingsSummary,
  useOwesBalance,
} from '../../features/account/index.ts';
import { priceLabel } from '../../lib/membership-price.ts';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { useSession } from '../../app/session/use-session.ts';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { Spinner } from '../../ui/spinner.tsx';

function MembershipsSummary({ homeVenueSlug }: { homeVenueSlug: string | null }) {
  const memberships = useQuery(myMembershipsQuery);
  if (memberships.isPending) return <Spinner label={accountWords('loadingMemberships')} />;
  if (memberships.isError) return <p className="error-line">{accountWords('somethingWrong')}</p>;
  if (memberships.data.length === 0) {
    return (
      <>
        <p>{accountWords('noMembershipYet')}</p>
        <SiteLink
          site="online-joining"
          to={homeVenueSlug ? `/centre/${homeVenueSlug}` : '/'}
          className="button button--primary button--md"
        >
          {accountWords('buyMembership')}
        </SiteLink>
      </>
    );
  }
  return (
    <>
      <ul className="plain-list">
        {memberships.data.map((membership) => (
          <li key={membership.id}>
            <strong>{membership.name}</strong> ({membership.statusLabel.toLowerCase()}),{' '}
            {priceLabel(membership)}
            {membership.freeze && `, ${freezeSummary(membership.freeze)}`}
          </li>
        ))}
      </ul>
      <Link to="/memberships">{accountWords('seeYourMemberships')}</Link>
    </>
  );
}

/** A failed mandate or collection: the member is told, with where to see the details. */
function DirectDebitNotices() {
  const directDebit = useQuery(myDirectDebitQuery);
  // A failed payment the member can pay now is told once, with its "Pay now" (above).
  const owes = useOwesBalance();
  const notices = directDebit.data?.notices.filter(
    (notice) => !(owes && notice.problem === 'payment_failed'),
  );
  return notices?.map((notice) => (
    <div key={notice.problem} className="notice notice--danger" role="alert">
      <p>{notice.message}</p>
      <Link to="/payments">{accountWords('seeDirectDebit')}</Link>
    </div>
  ));
}

/** The account dashboard: a greeting, notices that need action, the next bookings, memberships and credit. */
export function DashboardPage() {
  const { user } = useSession();
  const settings = useClientSettings();
  if (!user) return <Spinner label={accountWords('loadingAccount')} />;
  return (
    <section aria-labelledby="dashboard-heading">
      <h1 id="dashboard-heading">{accountWords('hello', { name: user.firstName })}</h1>
      <p className="lead">{accountWords('customerIdLine', { reference: user.reference })}</p>
      <BookingBlockNotice />
      <OutstandingBalanceNotice />
      <PenaltyFeesSection />
      <DirectDebitNotices />
      {user.membershipDocumentUploadRequired && (
        <p className="notice notice--warning">{accountWords('proofNeeded')}</p>
      )}
      {user.documentExpiry
        .filter((document) => document.documentExpiringSoon)
        .map((document, index) => (
          <p key={index} className="notice notice--warning">
            {accountWords('documentExpires', { days: document.daysToExpiry })}
          </p>
        ))}
      <div className="card-grid">
        <div className="card">
          <h2 className="card__title">{accountWords('upcomingBookings')}</h2>
          <UpcomingBookingsSummary />
        </div>
        <div className="card">
          <h2 className="card__title">{accountWords('membershipsTitle')}</h2>
          <MembershipsSummary homeVenueSlug={user.homeVenueSlug} />
        </div>
        <div className="card">
          <h2 className="card__title">{accountWords('credit')}</h2>
          <p>
            {accountWords('creditAvailable', {
              amount: formatPence(user.credit.balance, settings.currencySymbol),
            })}
          </p>
        </div>
      </div>
    </section>
  );
}
