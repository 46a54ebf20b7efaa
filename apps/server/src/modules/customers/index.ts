/**
 * The customers module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it. A family's
 * dependants are customer rows, so family accounts live here too: this module is the customers
 * table's one writer.
 */
export {
  createCustomersRepository,
  customerContact,
  customerReference,
  setPasswordHash,
  setWorkingInstructionFlag,
} from './customers.repository.ts';
export { labelFamilyLines, othersNames } from './family-lines.ts';
export { familyRoutes } from './family.routes.ts';
export { createFamilyService, type FamilyService } from './family.service.ts';
export { customersRoutes } from './customers.routes.ts';
export { createCustomersService } from './customers.service.ts';
export { passwordProblems } from './password-policy.ts';
