import type { DirectDebitView } from '@lido/contracts/direct-debit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api/api-client.ts';
import { myDirectDebitQuery } from './get-direct-debit.ts';

export interface BankDetailsChange {
  accountHolder: string;
  accountDetails: { sortCode: string; accountNumber: string };
  holderConfirmed: boolean;
  /** one per form: a repeated submission is the same change */
  changeKey: string;
}

/** POST my-account/direct-debit/bank-details: the page shows refusals itself (inlineValidation). */
export function useChangeBankDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BankDetailsChange) =>
      (await apiFetch<DirectDebitView>('my-account/direct-debit/bank-details', { method: 'POST', body }))
        .data,
    meta: { inlineValidation: true },
    onSuccess: (view) => queryClient.setQueryData(myDirectDebitQuery.queryKey, view),
  });
}
