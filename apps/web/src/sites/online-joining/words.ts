import english from 'lido-messages:en/joiningHome';
import { namespace } from '../../i18n/i18n.ts';

/**
 * The joining site's home page's words (namespace "joiningHome"): the page is on the site's first
 * route, so it carries only its own few words, not the joining page's (namespace "joining").
 */
export const joiningHomeWords = namespace('joiningHome', english, {
  cy: () => import('lido-messages:cy/joiningHome'),
});
