/**
 * The account module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export { type AccountRepository, createAccountRepository } from './account.repository.ts';
export { accountRoutes } from './account.routes.ts';
export { createAccountService } from './account.service.ts';
