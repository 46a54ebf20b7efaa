import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

/** GET /api/activities/footer?venue=…: the operator's footer HTML, or the venue's own. */
export const footerQuery = (venueSlug: string | undefined) =>
  queryOptions({
    queryKey: ['footer', venueSlug ?? null],
    queryFn: async () => {
      try {
        return await apiGet<string>('activities/footer', { venue: venueSlug });
      } catch (error) {
        // An unknown venue still gets the operator's footer.
        if (venueSlug) return apiGet<string>('activities/footer');
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
