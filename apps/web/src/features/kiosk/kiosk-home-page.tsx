import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from '../../router/index.ts';
import { showToast } from '../../app/toasts/toast-store.ts';
import { buttonClass } from '../../ui/button.tsx';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { useSiteMode } from '../../app/site-mode/site-mode.ts';
import { venueQuery } from '../venues/index.ts';
import { kioskWords } from './words.ts';

/**
 * /kiosk (entered as /kiosk/?kiosk=true&centre={centre}): the in-centre welcome. "Book an activity"
 * opens the kiosk centre's timetable on the bookings site, keeping the kiosk flag.
 */
export function KioskHomePage() {
  const settings = useClientSettings();
  const { centre } = useSiteMode();
  const venue = useQuery({ ...venueQuery('online-joining', centre ?? ''), enabled: centre !== null });
  const centreName = venue.data?.name ?? '';
  // The bookings site's kiosk reset comes here by a full page load, saying why.
  const [params, setParams] = useSearchParams();
  const cleared = params.get('cleared');
  useEffect(() => {
    if (cleared !== 'inactivity') return;
    showToast({ content: kioskWords('clearedForInactivity'), type: 'neutral' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('cleared');
        return next;
      },
      { replace: true },
    );
  }, [cleared, setParams]);
  return (
    <section className="kiosk-home" aria-labelledby="kiosk-welcome">
      <h1 id="kiosk-welcome">
        {centreName
          ? kioskWords('welcomeAtCentre', { operator: settings.name, centre: centreName })
          : kioskWords('welcome', { operator: settings.name })}
      </h1>
      <div className="kiosk-home__actions">
        <SiteLink
          site="online-joining"
          to={centre ? `/centre/${centre}` : '/'}
          className={buttonClass('primary', 'lg', 'kiosk-home__button')}
        >
          {kioskWords('buyMembership')}
        </SiteLink>
        <SiteLink
          site="bookings"
          to={centre ? `/location/${centre}` : '/'}
          extraParams={{ kiosk: 'true', ...(centre ? { centre } : {}) }}
          className={buttonClass('secondary', 'lg', 'kiosk-home__button')}
        >
          {kioskWords('bookActivity')}
        </SiteLink>
      </div>
    </section>
  );
}
