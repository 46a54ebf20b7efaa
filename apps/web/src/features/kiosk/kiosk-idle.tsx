import type { Cart } from '@lido/contracts/cart';
import { checkoutServiceBase } from '@lido/contracts/cart';
import type { ClientSettings } from '@lido/contracts/client-settings';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { apiFetch } from '../../lib/api/api-client.ts';
import { noteAuthState } from '../../app/session/session-store.ts';
import { crossSiteUrl } from '../../app/site-mode/cross-site.ts';
import { getSiteMode } from '../../app/site-mode/site-mode.ts';
import { cartKeys } from '../cart/index.ts';
import { StartOverDialog } from './start-over-dialog.tsx';
import { useIdleTimers } from './use-idle-timers.ts';

/** The kiosk's home on the joining site (or the configured one), with a reason to show there. */
export function kioskHomeUrl(settings: ClientSettings, reason?: 'inactivity'): string {
  const { centre } = getSiteMode();
  if (settings.kioskHomeUrl) return settings.kioskHomeUrl;
  return crossSiteUrl(settings.siteUrls, 'online-joining', '/kiosk/', {
    embedded: false,
    extraParams: { kiosk: 'true', ...(centre ? { centre } : {}), ...(reason ? { cleared: reason } : {}) },
  });
}

/**
 * The kiosk's idle rules on the bookings site (issue 17 item 7), as on the joining site: the
 * start-over question after the warning time, a reset after the reset time, and home 10 s after a
 * booking is confirmed. A reset gives back the places the last customer held (so they are on sale
 * again at once, not after the basket hold), logs them out, and goes to kiosk home.
 */
export function KioskIdle({ settings }: { settings: ClientSettings }) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const onConfirmation = pathname.startsWith('/booking-confirmed');

  const reset = async (reason?: 'inactivity') => {
    setAsking(false);
    const cart = queryClient.getQueryData<Cart>(cartKeys.cart);
    const held = (cart?.items ?? []).filter((item) => item.type === 'booking').map((item) => item.id);
    if (held.length > 0 && !onConfirmation)
      await apiFetch(`${checkoutServiceBase}/remove`, {
        method: 'POST',
        body: { cartItemIds: held },
        handleUnauthorized: false,
      }).catch(() => undefined);
    await apiFetch('auth/logout', { method: 'POST', body: {}, handleUnauthorized: false }).catch(
      () => undefined,
    );
    noteAuthState(null);
    queryClient.clear();
    window.location.assign(kioskHomeUrl(settings, reason));
  };

  useIdleTimers(
    onConfirmation
      ? [{ afterMs: settings.kioskIdle.orderConfirmedMs, run: () => void reset() }]
      : [
          { afterMs: settings.kioskIdle.warningMs, run: () => setAsking(true) },
          { afterMs: settings.kioskIdle.resetMs, run: () => void reset('inactivity') },
        ],
    true,
  );
  return (
    <StartOverDialog open={asking} onContinue={() => setAsking(false)} onStartOver={() => void reset()} />
  );
}
