/**
 * The theme module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export { themeRoutes } from './theme.routes.ts';
export { createThemeService } from './theme.service.ts';
