import type { ReactNode } from 'react';
import { Link } from '../../router/index.ts';
import { needsCleanDocument } from '../analytics/tag-scripts.ts';
import { useClientSettings } from '../client-settings/get-client-settings.ts';
import { crossSiteUrl } from './cross-site.ts';
import { useSiteOverrides } from './site-overrides.ts';
import { type SiteName, useSite } from './site-context.tsx';
import { useSiteMode } from './site-mode.ts';

interface SiteLinkProps {
  site: SiteName;
  to: string;
  children: ReactNode;
  className?: string;
  extraParams?: Record<string, string>;
  'aria-current'?: 'page' | undefined;
  'aria-label'?: string;
  onClick?: () => void;
}

/**
 * In-app navigation within a site; a full link across sites, carrying embedded=true when embedded
 * and, at a kiosk, kiosk=true and the kiosk's centre (each site remembers its mode per tab, so the
 * next site learns it from the link; issue 21 item 11). On the staff site every link stays on it.
 */
export function SiteLink({ site, to, children, extraParams, ...rest }: SiteLinkProps) {
  const current = useSite();
  const { embedded, kiosk, centre } = useSiteMode();
  const settings = useClientSettings();
  const { linkTo } = useSiteOverrides();
  if (linkTo) {
    return (
      <Link to={linkTo(site, to, extraParams)} {...rest}>
        {children}
      </Link>
    );
  }
  if (site === current && !extraParams) {
    return (
      <Link
        to={to}
        {...rest}
        onClick={(event) => {
          rest.onClick?.();
          // Card pages must load in a document without third-party tags (see tag-scripts.ts).
          if (needsCleanDocument(to)) {
            event.preventDefault();
            window.location.assign(to);
          }
        }}
      >
        {children}
      </Link>
    );
  }
  const kioskParams = kiosk ? { kiosk: 'true', ...(centre ? { centre } : {}) } : {};
  return (
    <a
      href={crossSiteUrl(settings.siteUrls, site, to, {
        embedded,
        extraParams: { ...kioskParams, ...extraParams },
      })}
      {...rest}
    >
      {children}
    </a>
  );
}
