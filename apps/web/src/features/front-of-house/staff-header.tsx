import type { StaffUser } from '@lido/contracts/staff';
import { NavLink, useNavigate } from '../../router/index.ts';
import { Button } from '../../ui/button.tsx';
import { useStaffLogout } from './staff-api.ts';

/** The staff site's pages, as the header lists them; the supervisor's and the manager's only for them. */
function staffNavItems(user: StaffUser): { to: string; label: string }[] {
  return [
    { to: '/', label: 'Find a customer' },
    { to: '/check-in', label: 'Check in' },
    { to: '/customers/new', label: 'New customer' },
    { to: '/join', label: 'Memberships' },
    { to: '/book', label: 'Book an activity' },
    { to: '/basket', label: 'Basket' },
    // Every desk finds the day's orders and reprints a receipt; voiding stays a supervisor's.
    { to: '/orders', label: 'Orders' },
    // Every desk takes registers; a manager those of their centres (decision 0096).
    { to: '/registers', label: 'Registers' },
    ...(user.role === 'supervisor'
      ? [
          { to: '/cash-up', label: 'Cash-up' },
          { to: '/audit', label: 'Audit log' },
        ]
      : []),
    // A manager runs the timetable of their centres (decision 0092).
    ...(user.role === 'manager' ? [{ to: '/timetable', label: 'Timetable' }] : []),
    ...(user.role === 'manager' ? [{ to: '/dashboard', label: 'Dashboard' }] : []), // decision 0099
    ...(user.role === 'manager' ? [{ to: '/prices', label: 'Prices and offers' }] : []), // decision 0103
  ];
}

/** Who is at the desk (name and role), the staff pages, and "Log out". */
export function StaffHeader({
  user,
  logoUrl,
  clientName,
}: {
  user: StaffUser;
  logoUrl: string;
  clientName: string;
}) {
  const logout = useStaffLogout();
  const navigate = useNavigate();
  return (
    <header className="site-header staff-header">
      <div className="site-header__inner">
        <NavLink to="/" className="site-header__logo">
          <img src={logoUrl} alt={`${clientName} front of house`} />
        </NavLink>
        <nav className="site-header__nav" aria-label="Staff">
          <ul className="staff-header__links">
            {staffNavItems(user).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className="header-link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions staff-header__user">
          <p className="staff-header__who">
            <span className="staff-header__name">{user.name}</span>{' '}
            <span className="staff-header__role">{user.roleLabel}</span>
          </p>
          <Button
            variant="secondary"
            size="md"
            disabled={logout.isPending}
            onClick={() =>
              logout
                .mutateAsync()
                .catch(() => undefined)
                .then(() => navigate('/login', { replace: true }))
            }
          >
            Log out
          </Button>
        </div>
      </div>
    </header>
  );
}
