import english from 'lido-messages:en/checkout';
import { namespace } from '../../i18n/i18n.ts';

/** Checkout's words: paying by card or credit, the summary, terms and waivers, the confirmation pages and the receipt (namespace "checkout"); the staff site's till shares the receipt and the card payment. */
export const checkoutWords = namespace('checkout', english, {
  cy: () => import('lido-messages:cy/checkout'),
});
