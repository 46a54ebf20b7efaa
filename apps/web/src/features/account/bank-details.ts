import type { BankDetailsChangeBody } from '@lido/contracts/bank-details';
import type { DirectDebitView } from '@lido/contracts/direct-debit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api/api-client.ts';
import { myDirectDebitQuery } from './get-direct-debit.ts';

/** The form's values: the body once the holder is confirmed (the server takes only `true`). */
export type BankDetailsChange = Omit<BankDetailsChangeBody, 'holderConfirmed'> & { holderConfirmed: boolean };

/** POST my-account/direct-debit/bank-details: the page shows refusals itself (inlineValidation). */
export function useChangeBankDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BankDetailsChangeBody) =>
      (
        await apiFetch<DirectDebitView>('my-account/direct-debit/bank-details', {
          method: 'POST',
          body: body satisfies BankDetailsChangeBody,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: (view) => queryClient.setQueryData(myDirectDebitQuery.queryKey, view),
  });
}
