import english from 'lido-messages:en/app';
import { namespace } from '../i18n/i18n.ts';

/** The app frame's words: full-page errors, not found, maintenance, notifications, loading (namespace "app"). */
export const appWords = namespace('app', english, { cy: () => import('lido-messages:cy/app') });
