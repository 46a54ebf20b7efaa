import english from 'lido-messages:en/ui';
import { namespace } from '../i18n/i18n.ts';

/** The shared components' words: fields, dates, the error summary, dialogs, receipts and terms (namespace "ui"). */
export const uiWords = namespace('ui', english, { cy: () => import('lido-messages:cy/ui') });
