import english from 'lido-messages:en/chrome';
import { namespace } from '../../i18n/i18n.ts';

/** The header's, the skip link's, the language switch's, the menus', the breadcrumbs' and the account bar's words (namespace "chrome"). */
export const chromeWords = namespace('chrome', english, { cy: () => import('lido-messages:cy/chrome') });
