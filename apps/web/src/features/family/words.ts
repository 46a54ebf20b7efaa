import english from 'lido-messages:en/family';
import { namespace } from '../../i18n/i18n.ts';

/** The Family section's words: the people a customer books and pays for (namespace "family"). */
export const familyWords = namespace('family', english, { cy: () => import('lido-messages:cy/family') });
