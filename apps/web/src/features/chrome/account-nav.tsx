import { NavLink } from '../../router/index.ts';
import { LogOutButton } from './log-out-button.tsx';
import { chromeWords } from './words.ts';

export interface AccountNavItem {
  label: string;
  path: string;
}

/** The my-account bar (desktop) from the platform spec; Guest passes only when the setting is on. */
export function accountNavItems(guestPassesEnabled: boolean): AccountNavItem[] {
  return [
    { label: chromeWords('navDashboard'), path: '/' },
    { label: chromeWords('navMyDetails'), path: '/user-details' },
    { label: chromeWords('navMemberships'), path: '/memberships' },
    { label: chromeWords('navMembershipCard'), path: '/membership-card' },
    { label: chromeWords('navPackages'), path: '/packages' },
    { label: chromeWords('navBookings'), path: '/bookings' },
    ...(guestPassesEnabled ? [{ label: chromeWords('navGuestPasses'), path: '/guest-passes' }] : []),
    { label: chromeWords('navPayments'), path: '/payments' },
  ];
}

/** The mobile account menu, which labels and routes a little differently. */
export function mobileAccountNavItems(): AccountNavItem[] {
  return [
    { label: chromeWords('navAccountDashboard'), path: '/' },
    { label: chromeWords('navMyDetails'), path: '/user-details' },
    { label: chromeWords('navMemberships'), path: '/memberships' },
    { label: chromeWords('navPackages'), path: '/packages' },
    { label: chromeWords('navBookings'), path: '/bookings/upcoming' },
    { label: chromeWords('navPayments'), path: '/payments' },
  ];
}

export function AccountNav({ guestPassesEnabled }: { guestPassesEnabled: boolean }) {
  return (
    <nav className="account-nav" aria-label={chromeWords('accountNav')}>
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
