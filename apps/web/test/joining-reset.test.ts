import { describe, expect, it } from 'vitest';
import {
  getFinderState,
  initialFinderState,
  updateFinder,
} from '../src/features/centre-finder/finder-store.ts';
import {
  emptyBankDetails,
  getBankDetails,
  isNewMandate,
  markNewMandate,
  setBankDetails,
} from '../src/features/joining/bank-details.ts';
import { resetJoiningJourney } from '../src/features/joining/index.ts';
import { enterCentre, initialJoiningState, joiningStore } from '../src/features/joining/joining-store.ts';

describe('resetJoiningJourney', () => {
  it('forgets the selection, the map state, the bank details and the new-mandate flag in one call', () => {
    enterCentre('castlefield-leisure-centre', null);
    updateFinder({ searchTerm: 'Manchester', radius: 25 });
    setBankDetails({ ...emptyBankDetails, accountHolder: 'A Member', accountNumber: '12345678' });
    markNewMandate(true);

    resetJoiningJourney();

    expect(joiningStore.get()).toEqual(initialJoiningState);
    expect(getFinderState()).toEqual(initialFinderState);
    expect(getBankDetails()).toEqual(emptyBankDetails);
    expect(isNewMandate()).toBe(false);
  });
});
