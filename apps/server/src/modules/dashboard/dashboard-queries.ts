/**
 * Each figure's query of the dashboard on its own (no more than the repository's reads), offered
 * through the module's door for `npm run bench:reports` to time one by one (issue 37 item 4).
 */
export {
  bookingsPerDay,
  directDebitCollections,
  membershipMovements,
  revenueByProduct,
  revenueByTender,
  utilisation,
  utilisationByHour,
  waitingListDemand,
} from './dashboard.repository.ts';
