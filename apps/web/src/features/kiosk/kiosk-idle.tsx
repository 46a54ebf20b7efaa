import type { ClientSettings } from '@lido/contracts/client-settings';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from '../../router/index.ts';
import { clientSettingsQuery } from '../../app/client-settings/get-client-settings.ts';
import { useSession } from '../../app/session/use-session.ts';
import { crossSiteUrl } from '../../app/site-mode/cross-site.ts';
import { getSiteMode } from '../../app/site-mode/site-mode.ts';
import { MoreTimeDialog } from './more-time-dialog.tsx';
import { endKioskCustomer } from './reset-kiosk.ts';
import { useIdleQuestion } from './use-idle-question.ts';

/** The kiosk's home on the joining site (or the configured one), with a reason to show there. */
export function kioskHomeUrl(settings: ClientSettings, reason?: 'inactivity'): string {
  const { centre } = getSiteMode();
  if (settings.kioskHomeUrl) return settings.kioskHomeUrl;
  return crossSiteUrl(settings.siteUrls, 'online-joining', '/kiosk/', {
    embedded: false,
    extraParams: { kiosk: 'true', ...(centre ? { centre } : {}), ...(reason ? { cleared: reason } : {}) },
  });
}

const confirmationPaths = ['/booking-confirmed', '/order-confirmed'];

/**
 * The kiosk's idle rules on the bookings and my-account sites (issue 17 item 7, issue 21 item 11),
 * the same as the joining site's kiosk header: "Do you need more time?" counting down to the reset,
 * and on a confirmation page, after the confirmation time, counting down to going home. A reset empties the customer's
 * basket, logs them out, and loads the kiosk home, which says why.
 */
export function KioskIdle({ settings }: { settings: ClientSettings }) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const session = useSession();
  const onConfirmationPage = confirmationPaths.some((path) => pathname.startsWith(path));

  const reset = async (reason?: 'inactivity') => {
    await endKioskCustomer(session.isLoggedIn);
    // The customer's data goes (a Back from the kiosk home must not show it); the operator's
    // settings stay, as the page still drawn until the kiosk home loads reads them.
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== clientSettingsQuery.queryKey[0],
    });
    window.location.assign(kioskHomeUrl(settings, reason));
  };
  const question = useIdleQuestion({ idle: settings.kioskIdle, enabled: true, onConfirmationPage });

  return (
    <MoreTimeDialog
      resetAt={question.resetAt}
      onMoreTime={question.answered}
      onStartOver={() => void reset()}
      // A confirmation page's time ending is the customer done, not a selection cleared.
      onTimeout={() => void reset(onConfirmationPage ? undefined : 'inactivity')}
    />
  );
}
