/**
 * The manager's dashboard (issue 37 item 1, decision 0099): reads only, it owns no tables.
 */
export { createDashboardService, type DashboardService } from './dashboard.service.ts';
export { dashboardRoutes } from './dashboard.routes.ts';
/** Each figure's query on its own, for `npm run bench:reports` (issue 37 item 4). */
export * as dashboardQueries from './dashboard-queries.ts';
