import english from 'lido-messages:en/activities';
import { namespace } from '../../i18n/i18n.ts';

/** The timetable's, a session's page's, its booking form's and "Bring a guest"'s words (namespace "activities"). */
export const activitiesWords = namespace('activities', english, {
  cy: () => import('lido-messages:cy/activities'),
});
