import english from 'lido-messages:en/pricing';
import type { PricingWords } from '@lido/pricing/pricing-words';
import { prettyDate } from './dates.ts';
import { namespace } from './i18n.ts';

/** What `@lido/pricing` says charges and billing days with, in the page's language (decision 0110). */
export const pricingWords: PricingWords = {
  pricing: namespace('pricing', english, { cy: () => import('lido-messages:cy/pricing') }),
  prettyDate,
};
