import english from 'lido-messages:en/footer';
import { namespace } from '../../i18n/i18n.ts';

/** The footer's own words, after the operator's footer (namespace "footer"). */
export const footerWords = namespace('footer', english, { cy: () => import('lido-messages:cy/footer') });
