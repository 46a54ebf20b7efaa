/**
 * The family module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export { labelFamilyLines, othersNames } from './family-lines.ts';
export { familyRoutes } from './family.routes.ts';
export { createFamilyService, type FamilyService } from './family.service.ts';
