import english from 'lido-messages:en/joining';
import { namespace } from '../../i18n/i18n.ts';

/** The joining site's words: its home page, the joining page's sections and the payment summary (namespace "joining"). */
export const joiningWords = namespace('joining', english, { cy: () => import('lido-messages:cy/joining') });
