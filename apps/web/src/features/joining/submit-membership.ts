import type { AnswersBody, SavedAnswers } from '@lido/contracts/membership';
import type { BankCheckAnswer } from '@lido/contracts/direct-debit';
import type { BankCheckBody } from '@lido/contracts/bank-details';
import type { Cart, ChangeMembershipBody, JoiningMembershipBody } from '@lido/contracts/cart';
import { digitsOf } from '@lido/contracts/bank-details-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api/api-client.ts';
import { cartKeys } from '../cart/index.ts';
import type { BankDetails } from '@lido/contracts/bank-details-rules';
import type { JoiningState } from './joining-store.ts';

/** The store call's body from the page's state; bank details only when a Direct Debit is being set up. */
export function membershipDetailsBody(
  state: JoiningState,
  venueId: number,
  options: { bank: BankDetails | null; collectAddress: boolean; keepsBillingDay: boolean },
): JoiningMembershipBody {
  const { bank } = options;
  return {
    homeVenueId: venueId,
    membershipTypeId: state.membershipTypeId!,
    paymentOptionId: state.paymentOptionId!,
    startDate: state.startDate!,
    // A member with a billing date keeps it: theirs is used, whatever was chosen (joining spec, section 4).
    billingDay: options.keepsBillingDay ? null : state.billingDay,
    promotionCodeId: state.promotion?.id ?? null,
    // Accepted in "Review & select dates": checkout does not ask for them again (issue 21 item 5).
    acceptedTerms: state.checkedTerms,
    ...(state.memberUserId === null ? {} : { membershipUserId: state.memberUserId }),
    ...(bank
      ? {
          accountHolder: bank.accountHolder.trim(),
          accountDetails: { sortCode: digitsOf(bank.sortCode), accountNumber: digitsOf(bank.accountNumber) },
          ddTermsAccepted: state.ddTermsAccepted,
          ...(options.collectAddress
            ? {
                billingAddress: {
                  lineOne: bank.billingAddressLineOne,
                  lineTwo: bank.billingAddressLineTwo,
                  city: bank.billingCity,
                  postcode: bank.billingPostcode,
                },
              }
            : {}),
        }
      : {}),
  };
}

/** POST memberships/online-joining/store: the membership goes into the basket (201). */
export function useSubmitMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: JoiningMembershipBody) =>
      (
        await apiFetch<Cart>('memberships/online-joining/store', {
          method: 'POST',
          body: body satisfies JoiningMembershipBody,
        })
      ).data,
    // The page decides where each message goes: bank ones under the bank form, others in a toast.
    meta: { inlineValidation: true },
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.cart, cart),
  });
}

/** POST custom-questions/memberships/{id}: the additional answers, after the membership. */
export function useSendAnswers() {
  return useMutation({
    mutationFn: async ({
      typeId,
      answers,
    }: {
      typeId: number;
    } & AnswersBody) =>
      (
        await apiFetch<SavedAnswers>(`custom-questions/memberships/${typeId}`, {
          method: 'POST',
          body: { answers } satisfies AnswersBody,
        })
      ).data,
    meta: { inlineValidation: true },
  });
}

/** POST memberships/{id}/change: the change goes into the basket as what is due now (201). */
export function useSubmitChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ membershipId, ...body }: { membershipId: number } & ChangeMembershipBody) =>
      (
        await apiFetch<Cart>(`memberships/${membershipId}/change`, {
          method: 'POST',
          body: body satisfies ChangeMembershipBody,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.cart, cart),
  });
}

/** POST memberships/online-joining/bank-details: the provider's check before Continue (nothing kept). */
export function useCheckBankDetails() {
  return useMutation({
    mutationFn: async (bank: BankDetails) =>
      (
        await apiFetch<BankCheckAnswer>('memberships/online-joining/bank-details', {
          method: 'POST',
          body: {
            accountHolder: bank.accountHolder.trim(),
            accountDetails: {
              sortCode: digitsOf(bank.sortCode),
              accountNumber: digitsOf(bank.accountNumber),
            },
          } satisfies BankCheckBody,
        })
      ).data,
    // Its messages go under the bank form, not in a toast.
    meta: { inlineValidation: true },
  });
}
