import { z } from 'zod';
import { bankMessages, digitsOf } from './bank-details-rules.ts';

export * from './bank-details-rules.ts';

/** POST memberships/online-joining/bank-details: the joining page's check before Continue. */
export const bankCheckBodySchema = z.strictObject({
  accountHolder: z.string().trim().max(100),
  accountDetails: z.strictObject({
    sortCode: z
      .string()
      .max(20)
      .transform(digitsOf)
      .refine((value) => /^\d{6}$/.test(value), bankMessages.sortCode),
    accountNumber: z
      .string()
      .max(20)
      .transform(digitsOf)
      .refine((value) => /^\d{8,}$/.test(value), bankMessages.accountNumber),
  }),
});
export type BankCheckBody = z.infer<typeof bankCheckBodySchema>;
