import english from 'lido-messages:en/waitingList';
import { namespace } from '../../i18n/i18n.ts';

/** A full session's waiting list and My account's waiting lists' words (namespace "waitingList"). */
export const waitingListWords = namespace('waitingList', english, {
  cy: () => import('lido-messages:cy/waitingList'),
});
