import english from 'lido-messages:en/requests';
import { namespace } from '../../i18n/i18n.ts';

/** The error lines of a failed request, on every site's first route (namespace "requests"). */
export const requestWords = namespace('requests', english, { cy: () => import('lido-messages:cy/requests') });
