import { useQuery } from '@tanstack/react-query';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { useSite } from '../../app/site-mode/site-context.tsx';
import { accessibilityStatementPath } from '../accessibility/index.ts';
import { CookieSettingsButton } from '../cookie-consent/index.ts';
import { footerQuery } from './get-footer.ts';

/** The operator's footer HTML arrives sanitised (see footerQuery), then Lido's own link. */
export function SiteFooter({ venueSlug }: { venueSlug: string | undefined }) {
  const site = useSite();
  const { data } = useQuery(footerQuery(venueSlug));
  return (
    <footer className="site-footer">
      <div className="site-footer__inner" dangerouslySetInnerHTML={{ __html: data ?? '' }} />
      {/* Lido's own link after the operator's HTML, so no footer can leave it out. */}
      <div className="site-footer__inner site-footer__lido">
        <SiteLink site={site} to={accessibilityStatementPath}>
          Accessibility statement
        </SiteLink>
        <CookieSettingsButton />
      </div>
    </footer>
  );
}
