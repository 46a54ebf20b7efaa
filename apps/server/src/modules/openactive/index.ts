// The OpenActive module's door (house rule 13): the routes and the service they are given.
export { createOpenActiveService, type OpenActiveService } from './openactive.service.ts';
export { openActiveRoutes } from './openactive.routes.ts';
