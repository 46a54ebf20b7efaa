import english from 'lido-messages:en/membershipPrice';
import { namespace } from '../i18n/i18n.ts';

/** A membership's price and duration, wherever one is offered or shown (namespace "membershipPrice"). */
export const membershipPriceWords = namespace('membershipPrice', english, {
  cy: () => import('lido-messages:cy/membershipPrice'),
});
