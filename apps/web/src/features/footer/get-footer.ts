import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

async function fetchFooter(venueSlug: string | undefined): Promise<string> {
  try {
    return await apiGet<string>('activities/footer', { venue: venueSlug });
  } catch (error) {
    // An unknown venue still gets the operator's footer.
    if (venueSlug) return apiGet<string>('activities/footer');
    throw error;
  }
}

/**
 * GET /api/activities/footer?venue=…: the operator's footer HTML, or the venue's own, sanitised.
 * DOMPurify loads beside the request rather than with the first route: every page shows the footer,
 * but below the content, so the page does not wait for the sanitiser.
 */
export const footerQuery = (venueSlug: string | undefined) =>
  queryOptions({
    queryKey: ['footer', venueSlug ?? null],
    queryFn: async () => {
      const [html, { sanitizeHtml }] = await Promise.all([
        fetchFooter(venueSlug),
        import('../../lib/sanitize-html.ts'),
      ]);
      return sanitizeHtml(html);
    },
    staleTime: 5 * 60_000,
  });
