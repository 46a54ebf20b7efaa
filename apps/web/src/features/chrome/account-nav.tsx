import { NavLink } from '../../router/index.ts';
import { LogOutButton } from './log-out-button.tsx';

export interface AccountNavItem {
  label: string;
  path: string;
}

/** The my-account bar (desktop) from the platform spec; Guest passes only when the setting is on. */
export function accountNavItems(guestPassesEnabled: boolean): AccountNavItem[] {
  return [
    { label: 'Dashboard', path: '/' },
    { label: 'My details', path: '/user-details' },
    { label: 'Memberships', path: '/memberships' },
    { label: 'Membership card', path: '/membership-card' },
    { label: 'Packages', path: '/packages' },
    { label: 'Bookings', path: '/bookings' },
    ...(guestPassesEnabled ? [{ label: 'Guest passes', path: '/guest-passes' }] : []),
    { label: 'Payments', path: '/payments' },
  ];
}

/** The mobile account menu, which labels and routes a little differently. */
export function mobileAccountNavItems(): AccountNavItem[] {
  return [
    { label: 'Account dashboard', path: '/' },
    { label: 'My details', path: '/user-details' },
    { label: 'Memberships', path: '/memberships' },
    { label: 'Packages', path: '/packages' },
    { label: 'Bookings', path: '/bookings/upcoming' },
    { label: 'Payments', path: '/payments' },
  ];
}

export function AccountNav({ guestPassesEnabled }: { guestPassesEnabled: boolean }) {
  return (
    <nav className="account-nav" aria-label="My account">
      <ul>
        {accountNavItems(guestPassesEnabled).map((item) => (
          <li key={item.path}>
            <NavLink to={item.path} end={item.path === '/'}>
              {item.label}
            </NavLink>
          </li>
        ))}
        <li>
          <LogOutButton />
        </li>
      </ul>
    </nav>
  );
}
