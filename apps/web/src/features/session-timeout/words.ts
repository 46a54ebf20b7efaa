import english from 'lido-messages:en/timeout';
import { namespace } from '../../i18n/i18n.ts';

/** The session timeout warning's and the signed-out message's words (namespace "timeout"). */
export const timeoutWords = namespace('timeout', english, { cy: () => import('lido-messages:cy/timeout') });
