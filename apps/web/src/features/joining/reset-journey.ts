import { resetFinder } from '../centre-finder/index.ts';
import { clearBankDetails } from './bank-details.ts';
import { resetJoining } from './joining-store.ts';

/**
 * Forgets the joining journey in this tab: the selection, the finder's map state and the bank
 * details held in memory. Starting over, finishing an order and the kiosk's reset all call this.
 */
export function resetJoiningJourney(): void {
  resetJoining();
  resetFinder();
  clearBankDetails();
}
