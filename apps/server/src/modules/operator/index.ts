/**
 * The operator module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export { itemNotFoundMessage, requireOperator, requireVenue } from './current-operator.ts';
export {
  createOperatorRepository,
  type OperatorRepository,
  type OperatorRow,
  type ThemeRow,
  type VenueRow,
} from './operator.repository.ts';
