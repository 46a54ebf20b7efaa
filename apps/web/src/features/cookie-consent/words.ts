import english from 'lido-messages:en/cookies';
import { namespace } from '../../i18n/i18n.ts';

/** The cookie banner's and the footer's 'Cookie settings' words (namespace "cookies"). */
export const cookieWords = namespace('cookies', english, { cy: () => import('lido-messages:cy/cookies') });
