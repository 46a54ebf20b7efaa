import { LoginControl } from '../../features/chrome/site-header.tsx';

/** The account site's front door while logged out (accounts arrive with the accounts issue). */
export function DashboardPage() {
  return (
    <section aria-labelledby="account-heading">
      <h1 id="account-heading">My account</h1>
      <p className="lead">Log in to see your memberships, bookings and payments.</p>
      <LoginControl className="button button--primary button--lg" />
    </section>
  );
}
