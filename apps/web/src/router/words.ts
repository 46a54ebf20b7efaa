import english from 'lido-messages:en/router';
import { namespace } from '../i18n/i18n.ts';

/** The router's own words: its last-resort error heading (namespace "router"). */
export const routerWords = namespace('router', english, { cy: () => import('lido-messages:cy/router') });
