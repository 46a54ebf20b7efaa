import english from 'lido-messages:en/auth';
import { namespace } from '../../i18n/i18n.ts';

/** The login form's, the password reset's and the password guidance's words; the staff login shares the form (namespace "auth"). */
export const authWords = namespace('auth', english, { cy: () => import('lido-messages:cy/auth') });
