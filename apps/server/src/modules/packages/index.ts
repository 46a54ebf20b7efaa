/**
 * The packages module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export { packageUsagesOf } from './package-cart-view.ts';
export { applyPackages, packageOnSale } from './package-catalogue.repository.ts';
export { paidPackages, spendPackageUses } from './package-completion.ts';
export { packagesCredit } from './package-credit.ts';
export { packagesDetails } from './package-history.ts';
export { packageLineKind } from './package-line-kind.ts';
export { deletePackageLines, insertPackageLine, packageLineIds } from './package-lines.repository.ts';
export {
  endHeldUses,
  giveBackBookingUse,
  packagesOfAttendee,
  takePackageUseFor,
} from './package-uses.repository.ts';
export { packagesRoutes } from './packages.routes.ts';
export { createPackagesService } from './packages.service.ts';
