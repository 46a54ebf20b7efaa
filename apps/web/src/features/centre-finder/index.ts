// The centre finder's public surface: what sites and other features may import from it.
export { CentreFinder } from './centre-finder.tsx';
export { resetFinder } from './finder-store.ts';
