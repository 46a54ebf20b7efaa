import { useQuery } from '@tanstack/react-query';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { useSite } from '../../app/site-mode/site-context.tsx';
import { accessibilityStatementPath } from '../accessibility/index.ts';
import { CookieSettingsButton } from '../cookie-consent/index.ts';
import { footerQuery } from './get-footer.ts';
import { footerWords } from './words.ts';

/**
 * The operator's footer HTML arrives sanitised (see footerQuery), then Lido's own link. Where the
 * chrome is hidden (embedded in another site, a kiosk) the operator's part is left out, never the
 * accessibility statement (issue 34 item 6): every page of every mode has this footer.
 */
export function SiteFooter({
  venueSlug,
  operatorFooter = true,
}: {
  venueSlug: string | undefined;
  /** false where the chrome is hidden: Lido's own links only */
  operatorFooter?: boolean;
}) {
  const site = useSite();
  const { data } = useQuery({ ...footerQuery(venueSlug), enabled: operatorFooter });
  return (
    <footer className={operatorFooter ? 'site-footer' : 'site-footer site-footer--plain'}>
      {operatorFooter && (
        <div className="site-footer__inner" dangerouslySetInnerHTML={{ __html: data ?? '' }} />
      )}
      {/* Lido's own link after the operator's HTML, so no footer can leave it out. */}
      <div className="site-footer__inner site-footer__lido">
        <SiteLink site={site} to={accessibilityStatementPath}>
          {footerWords('accessibilityStatement')}
        </SiteLink>
        <CookieSettingsButton />
      </div>
    </footer>
  );
}
