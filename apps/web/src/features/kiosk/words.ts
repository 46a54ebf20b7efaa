import english from 'lido-messages:en/kiosk';
import { namespace } from '../../i18n/i18n.ts';

/** The self-service kiosk's words: its header, start screen and idle and start-over questions (namespace "kiosk"). */
export const kioskWords = namespace('kiosk', english, { cy: () => import('lido-messages:cy/kiosk') });
