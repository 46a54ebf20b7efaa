/**
 * The centre-cancellations module's door (issue 35 item 3, decision 0095): what other modules and
 * the composition root may use. Everything else in this folder is private to it.
 */
export { centreCancellationsRoutes } from './centre-cancellations.routes.ts';
export { createCentreCancellationsService } from './centre-cancellations.service.ts';
