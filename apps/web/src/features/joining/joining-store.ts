import { createTabStore } from '../../lib/tab-store.ts';
import type { SectionKey } from './sections.ts';
import { sectionKeys } from './sections.ts';

export type PaymentType = 'recurring' | 'fixed';
export type AnswerValue = string | number | boolean | string[] | null;

/**
 * The membership being built (platform spec, "Membership details being built") and where the
 * customer is in the page. Kept for the tab so a refresh loses nothing, except bank details, which
 * are never written to storage (see bank-details.ts).
 */
export interface JoiningState {
  /** The centre this journey belongs to: choosing another centre starts afresh. */
  venueSlug: string | null;
  /** Changing this held membership rather than joining (from the account's Memberships page). */
  changingMembershipId: number | null;
  /** Joining up one of the customer's family (a dependant's id); null for the customer themself. */
  memberUserId: number | null;
  membershipTypeId: number | null;
  paymentOptionId: number | null;
  /** The Monthly / Single payment toggle. */
  paymentType: PaymentType;
  /** The "Membership type" filter: a category name, or null for "All types". */
  category: string | null;
  showIneligible: boolean;
  startDate: string | null;
  billingDay: number | null;
  promotion: { id: number; code: string } | null;
  checkedTerms: number[];
  answers: Record<string, AnswerValue>;
  openSection: SectionKey;
  edited: SectionKey[];
  accountHolder: string;
  accountHolderConfirmed: boolean;
  ddTermsAccepted: boolean;
}

export const initialJoiningState: JoiningState = {
  venueSlug: null,
  changingMembershipId: null,
  memberUserId: null,
  membershipTypeId: null,
  paymentOptionId: null,
  paymentType: 'recurring',
  category: null,
  showIneligible: false,
  startDate: null,
  billingDay: null,
  promotion: null,
  checkedTerms: [],
  answers: {},
  openSection: 'membership',
  edited: ['centre'],
  accountHolder: '',
  accountHolderConfirmed: false,
  ddTermsAccepted: false,
};

function revive(stored: unknown): JoiningState | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const state = { ...initialJoiningState, ...(stored as Partial<JoiningState>) };
  const isSection = (value: unknown): value is SectionKey => sectionKeys.includes(value as SectionKey);
  if (!isSection(state.openSection) || !Array.isArray(state.edited) || !state.edited.every(isSection))
    return null;
  if (state.paymentType !== 'recurring' && state.paymentType !== 'fixed') return null;
  return state;
}

export const joiningStore = createTabStore<JoiningState>('lido.joining', initialJoiningState, revive);
export const useJoining = () => joiningStore.use();

/**
 * Opening a centre's page: the journey carries on for the same centre (and the same change) and
 * starts afresh for another. A change is always monthly.
 */
export function enterCentre(venueSlug: string, changingMembershipId: number | null): void {
  const current = joiningStore.get();
  if (current.venueSlug !== venueSlug || current.changingMembershipId !== changingMembershipId)
    joiningStore.set({
      ...initialJoiningState,
      venueSlug,
      changingMembershipId,
      ...(changingMembershipId !== null ? { paymentType: 'recurring' } : {}),
    });
}

export function openSection(key: SectionKey): void {
  joiningStore.update({ openSection: key });
}

/** Continue: this section is done, the next one opens. */
export function completeSection(key: SectionKey, next: SectionKey): void {
  const { edited } = joiningStore.get();
  joiningStore.update({ edited: edited.includes(key) ? edited : [...edited, key], openSection: next });
}

/** A new membership choice: later answers, dates and terms belong to the old one. */
export function chooseMembership(membershipTypeId: number, paymentOptionId: number): void {
  const current = joiningStore.get();
  joiningStore.set({
    ...current,
    membershipTypeId,
    paymentOptionId,
    answers: {},
    checkedTerms: [],
    promotion: null,
    startDate: null,
    edited: ['centre', 'membership'],
  });
}

/**
 * The membership the basket holds, back on the page (joining spec §4: "When a checkout cart loads,
 * every section is marked edited, the selection restored and the flow opens at the details
 * section"). Terms and bank details are not in the basket, so their sections ask again.
 */
export function restoreFromBasket(line: {
  membershipTypeId: number;
  paymentOptionId: number;
  paymentType: PaymentType;
  startDate: string;
  billingDay: number | null;
}): void {
  joiningStore.set({
    ...joiningStore.get(),
    ...line,
    answers: {},
    checkedTerms: [],
    promotion: null,
    edited: sectionKeys.filter((key) => key !== 'checkout'),
    openSection: 'details',
  });
}

export function resetJoining(): void {
  joiningStore.reset();
}
