import english from 'lido-messages:en/account';
import { namespace } from '../../i18n/i18n.ts';

/** My account's words: its pages, cards and notices, and the dashboard's; the desk's supervisor shares some (namespace "account"). */
export const accountWords = namespace('account', english, { cy: () => import('lido-messages:cy/account') });
