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

/**
 * POST /api/my-account/direct-debit/bank-details: new bank details for the member's Direct Debit.
 * `changeKey` is made once per form by the browser, so a repeated submission is the same change.
 */
export const bankDetailsChangeBodySchema = z.strictObject({
  accountHolder: z
    .string()
    .trim()
    .min(2, bankMessages.accountHolder)
    .max(100, 'Enter the account holder’s name in at most 100 characters'),
  accountDetails: bankCheckBodySchema.shape.accountDetails,
  holderConfirmed: z.literal(true, { error: bankMessages.confirmHolder }),
  changeKey: z.uuid('Reload the page and enter your new bank details again'),
});
export type BankDetailsChangeBody = z.infer<typeof bankDetailsChangeBodySchema>;
