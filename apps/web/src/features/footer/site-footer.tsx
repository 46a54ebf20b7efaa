import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { footerQuery } from './get-footer.ts';

export function SiteFooter({ venueSlug }: { venueSlug: string | undefined }) {
  const { data } = useQuery(footerQuery(venueSlug));
  const html = useMemo(() => (data ? sanitizeHtml(data) : ''), [data]);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner" dangerouslySetInnerHTML={{ __html: html }} />
    </footer>
  );
}
