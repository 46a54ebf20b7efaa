// The packages feature's public surface (decision 0049): offers on a centre's and a session's page.
export { PackageOffers } from './package-offers.tsx';
export { useRemovePackageUsage } from './packages-api.ts';
