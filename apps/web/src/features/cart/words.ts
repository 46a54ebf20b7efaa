import english from 'lido-messages:en/cart';
import { namespace } from '../../i18n/i18n.ts';

/** The basket's words: its page, its lines, the hold warning and the empty-basket dialog (namespace "cart"); the staff site's till shares the lines. */
export const cartWords = namespace('cart', english, { cy: () => import('lido-messages:cy/cart') });
