import english from 'lido-messages:en/centreFinder';
import { namespace } from '../../i18n/i18n.ts';

/** The centre finder's words: its search, its list of centres and its map (namespace "centreFinder"). */
export const centreFinderWords = namespace('centreFinder', english, {
  cy: () => import('lido-messages:cy/centreFinder'),
});
