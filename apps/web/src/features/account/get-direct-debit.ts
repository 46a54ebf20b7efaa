import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

export interface DirectDebitView {
  instruction: {
    reference: string | null;
    status: string;
    statusLabel: string;
    accountHolder: string;
    accountNumber: string;
    sortCode: string;
    bankName: string | null;
  } | null;
  collections: {
    id: number;
    description: string;
    amount: { formatted: string };
    date: string;
    prettyDate: string;
    status: string;
    statusLabel: string;
  }[];
  notices: { problem: string; message: string }[];
}

/** GET my-account/direct-debit: the instruction (masked), its collections and any problem notices. */
export const myDirectDebitQuery = queryOptions({
  queryKey: ['auth', 'direct-debit'],
  queryFn: () => apiGet<DirectDebitView>('my-account/direct-debit'),
});
