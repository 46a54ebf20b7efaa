import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from '../../router/index.ts';
import { needsCleanDocument } from '../analytics/tag-scripts.ts';
import { useClientSettings } from '../client-settings/get-client-settings.ts';
import { crossSiteUrl } from './cross-site.ts';
import { onCrossSiteClick } from './leave-guard.ts';
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
    <CrossSiteAnchor
      href={crossSiteUrl(settings.siteUrls, site, to, {
        embedded,
        extraParams: { ...kioskParams, ...extraParams },
      })}
      {...rest}
    >
      {children}
    </CrossSiteAnchor>
  );
}

/**
 * A link that leaves this site's document (another site, a kiosk's home): a page that asks before
 * it is left (a joining checkout) asks first (decision 0084).
 */
export function CrossSiteAnchor({
  href,
  onClick,
  children,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return (
    <a
      // eslint-disable-next-line no-restricted-syntax -- the one anchor every cross-site link goes through
      href={href}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        onCrossSiteClick(event, href);
      }}
    >
      {children}
    </a>
  );
}
