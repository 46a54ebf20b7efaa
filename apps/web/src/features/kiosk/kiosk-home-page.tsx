import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../ui/button.tsx';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { useSiteMode } from '../../app/site-mode/site-mode.ts';
import { venueQuery } from '../venues/index.ts';

/** /kiosk (entered as /kiosk/?kiosk=true&centre={centre}): the in-centre welcome. */
export function KioskHomePage() {
  const settings = useClientSettings();
  const { centre } = useSiteMode();
  const venue = useQuery({ ...venueQuery('online-joining', centre ?? ''), enabled: centre !== null });
  const centreName = venue.data?.name ?? '';
  return (
    <section className="kiosk-home" aria-labelledby="kiosk-welcome">
      <h1 id="kiosk-welcome">
        Welcome to {settings.name}
        {centreName && ` ${centreName}`}
      </h1>
      <div className="kiosk-home__actions">
        <SiteLink
          site="online-joining"
          to={centre ? `/centre/${centre}` : '/'}
          className={buttonClass('primary', 'lg', 'kiosk-home__button')}
        >
          Buy a membership
        </SiteLink>
        <SiteLink
          site="bookings"
          to="/"
          extraParams={{ kiosk: 'true', ...(centre ? { centre } : {}) }}
          className={buttonClass('secondary', 'lg', 'kiosk-home__button')}
        >
          Book an activity
        </SiteLink>
      </div>
    </section>
  );
}
