import { z } from 'zod';
import { moneySchema } from './membership.ts';

/** GET /api/my-account/direct-debit: the instruction (masked), its collections and any problem notices. */
export const directDebitViewSchema = z.object({
  instruction: z
    .object({
      reference: z.string().nullable(),
      status: z.string(),
      statusLabel: z.string(),
      accountHolder: z.string(),
      accountNumber: z.string(),
      sortCode: z.string(),
      bankName: z.string().nullable(),
    })
    .nullable(),
  collections: z.array(
    z.object({
      id: z.number().int(),
      description: z.string(),
      amount: moneySchema,
      date: z.string(),
      prettyDate: z.string(),
      status: z.string(),
      statusLabel: z.string(),
    }),
  ),
  notices: z.array(z.object({ problem: z.string(), message: z.string() })),
});
export type DirectDebitView = z.infer<typeof directDebitViewSchema>;

/** POST /api/memberships/online-joining/bank-details: the account as the bank knows it, masked. */
export const bankCheckAnswerSchema = z.object({
  bankName: z.string().nullable(),
  accountNumber: z.string(),
  sortCode: z.string(),
});
export type BankCheckAnswer = z.infer<typeof bankCheckAnswerSchema>;

/** POST /api/webhooks/gocardless: what each event did. */
export const directDebitWebhookAnswerSchema = z.object({ results: z.array(z.unknown()) });
