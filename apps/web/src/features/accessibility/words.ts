import english from 'lido-messages:en/accessibility';
import { namespace } from '../../i18n/i18n.ts';

/** The accessibility statement's words (namespace "accessibility"). */
export const accessibilityWords = namespace('accessibility', english, {
  cy: () => import('lido-messages:cy/accessibility'),
});
