import english from 'lido-messages:en/packages';
import { namespace } from '../../i18n/i18n.ts';

/** The packages' words: a centre's packages page and the packages offered on a session's page (namespace "packages"). */
export const packagesWords = namespace('packages', english, {
  cy: () => import('lido-messages:cy/packages'),
});
