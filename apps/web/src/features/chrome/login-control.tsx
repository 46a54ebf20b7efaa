import { useState } from 'react';
import { LoginDialog } from '../auth/index.ts';
import { useLocation } from '../../router/index.ts';
import { useSite } from '../../app/site-mode/site-context.tsx';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { chromeWords } from './words.ts';

/**
 * "Log in": on the bookings site it opens the login dialog; elsewhere it goes to /login. Inside
 * another dialog (the phone's menu) `onOpenDialog` hands the opening to a dialog outside it.
 */
export function LoginControl({ className, onOpenDialog }: { className?: string; onOpenDialog?: () => void }) {
  const site = useSite();
  const { pathname, search } = useLocation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const redirect = `${pathname}${search}`;
  if (site === 'bookings') {
    return (
      <>
        <button
          type="button"
          className={className ?? 'button button--secondary button--md'}
          onClick={() => (onOpenDialog ? onOpenDialog() : setDialogOpen(true))}
        >
          {chromeWords('logIn')}
        </button>
        {!onOpenDialog && <LoginDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />}
      </>
    );
  }
  return (
    <SiteLink
      site={site}
      to={`/login?redirect=${encodeURIComponent(redirect)}`}
      className={className ?? 'button button--secondary button--md'}
    >
      {chromeWords('logIn')}
    </SiteLink>
  );
}

export function buyMembershipPath(venueSlug: string | undefined): string {
  return venueSlug ? `/centre/${venueSlug}` : '/';
}
