import english from 'lido-messages:en/bookings';
import { namespace } from '../../i18n/i18n.ts';

/** The bookings site's own pages' words: its home page's list of centres and a centre's page (namespace "bookings"). */
export const bookingsWords = namespace('bookings', english, {
  cy: () => import('lido-messages:cy/bookings'),
});
