/**
 * The catalogue module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export {
  type ActivityReads,
  cachedActivityReads,
  cachedMembershipReads,
  cachedOperatorReads,
  type MembershipReads,
  type OperatorReads,
  snapshotSource,
} from './cached-catalogue-reads.ts';
export { createCatalogueCache, defaultCatalogueCheckMs } from './catalogue-cache.ts';
export { formatProblems } from './catalogue-file.ts';
export { importCatalogue } from './catalogue-import.ts';
export { createCatalogueSnapshotRepository } from './catalogue-snapshot.repository.ts';
export { defaultPlacesFreshMs } from './fresh-reads.ts';
export { type FindJoiningPageIds, joiningPageIdsFinder } from './joining-page-ids.ts';
export { type PackageEntry } from './packages-file.schema.ts';
export { type StaffFileEntry } from './staff-file.schema.ts';
export { exportCatalogue } from './catalogue-export.ts';
export { checkSeries, type SeriesProblem } from './series-check.ts';
export { createPricesOffersService } from './prices-offers.service.ts';
export { pricesOffersRoutes } from './prices-offers.routes.ts';
