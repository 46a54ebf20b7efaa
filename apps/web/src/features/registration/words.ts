import english from 'lido-messages:en/registration';
import { namespace } from '../../i18n/i18n.ts';

/** The registration page's and the account form's words; the joining page and the staff desk share the form (namespace "registration"). */
export const registrationWords = namespace('registration', english, {
  cy: () => import('lido-messages:cy/registration'),
});
