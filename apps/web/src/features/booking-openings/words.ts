import english from 'lido-messages:en/openings';
import { namespace } from '../../i18n/i18n.ts';

/** An announced booking opening's words: the notice on a gated session and the waiting room (namespace "openings"). */
export const openingsWords = namespace('openings', english, {
  cy: () => import('lido-messages:cy/openings'),
});
