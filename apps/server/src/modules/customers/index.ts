/**
 * The customers module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export { createCustomersRepository, customerContact, customerReference } from './customers.repository.ts';
export { customersRoutes } from './customers.routes.ts';
export { createCustomersService } from './customers.service.ts';
export { passwordProblems } from './password-policy.ts';
