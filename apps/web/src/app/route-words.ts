import english from 'lido-messages:en/routes';
import { namespace } from '../i18n/i18n.ts';

/** The customer sites' page names: each route's tab title and breadcrumb (namespace "routes"). */
export const routeWords = namespace('routes', english, { cy: () => import('lido-messages:cy/routes') });

/**
 * A route's title or breadcrumb, looked up when it is shown: the routes are made before a Welsh
 * page's words arrive, so a string read then would stay English.
 */
export const routeText = (key: string) => () => routeWords(key);
