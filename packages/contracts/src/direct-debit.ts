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

/** A collection still to come, where a page states it (the cancel page, the Memberships card). */
export const collectionToComeSchema = z.object({
  date: z.string(),
  prettyDate: z.string(),
  amount: moneySchema,
  /** what it is for: "Gym Anytime, monthly: freeze fee" */
  description: z.string(),
});
export type CollectionToCome = z.infer<typeof collectionToComeSchema>;

/** A Direct Debit collection in the member's words (issue 33 item 2). */
export const collectionStates = ['due', 'requested', 'paid', 'failed', 'cancelled'] as const;
export type CollectionState = (typeof collectionStates)[number];

/** One collection, as the collection engine holds it (or will make it: `id` null). */
export const upcomingCollectionSchema = z.object({
  /** the engine's record; null for a month it makes later (each 14 days ahead of its date) */
  id: z.number().int().nullable(),
  membershipId: z.number().int(),
  /** the day it is collected: its charge date once requested, else its billing date */
  date: z.string(),
  prettyDate: z.string(),
  amount: moneySchema,
  /** what it is for: "Gym Anytime, monthly: freeze fee" */
  description: z.string(),
  status: z.enum(collectionStates),
  /** "Due", "Requested from your bank", "Paid", "Failed: …", "Cancelled" */
  statusLabel: z.string(),
});
export type UpcomingCollection = z.infer<typeof upcomingCollectionSchema>;

/**
 * GET /api/my-account/direct-debit/upcoming-collections: the customer's recent and next
 * collections, soonest first, read from the collection engine's own records and rule.
 */
export const upcomingCollectionsSchema = z.object({
  /** whether the customer pays by Direct Debit at all (a working or past instruction) */
  paysByDirectDebit: z.boolean(),
  collections: z.array(upcomingCollectionSchema),
});
export type UpcomingCollections = z.infer<typeof upcomingCollectionsSchema>;

/** POST /api/memberships/online-joining/bank-details: the account as the bank knows it, masked. */
export const bankCheckAnswerSchema = z.object({
  bankName: z.string().nullable(),
  accountNumber: z.string(),
  sortCode: z.string(),
});
export type BankCheckAnswer = z.infer<typeof bankCheckAnswerSchema>;

/** POST /api/webhooks/gocardless: what each event did. */
export const directDebitWebhookAnswerSchema = z.object({ results: z.array(z.unknown()) });
