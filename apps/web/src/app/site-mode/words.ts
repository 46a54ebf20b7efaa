import english from 'lido-messages:en/voice';
import { namespace } from '../../i18n/i18n.ts';

/** The customer's side of the shared pages' voice (voice.ts): the basket notice, holds and closed prices (namespace "voice"). */
export const voiceWords = namespace('voice', english, { cy: () => import('lido-messages:cy/voice') });
