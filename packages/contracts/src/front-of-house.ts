import { z } from 'zod';
import { completedWaiversSchema } from './activities.ts';
import { offlinePaymentsSchema } from './cart.ts';
import { positiveId } from './common.ts';
import { calendarDate, pence } from './limits.ts';
import { moneySchema } from './membership.ts';
import { customerDetailsShape } from './customer.ts';
import { staffRoles } from './staff.ts';

/**
 * Front-of-house (issue 19): what desk staff call on the staff site. The spec names only the
 * one-step pay (`POST {checkout}/pay`, §7) and says "Staff capabilities: not shown", so the other
 * shapes here are Lido's (decision 0054). On the staff site every basket, joining and booking call
 * acts for the customer named by `selected_user_id`, never for a customer session.
 */

/** GET /api/staff/customers?q=: a name, email, customer ID (C100001) or postcode; at least 2 characters. */
export const customerSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Enter a name, email, customer ID or postcode.' })
    .trim()
    .min(2, { error: 'Enter at least 2 characters of a name, email, customer ID or postcode.' })
    .max(100, { error: 'Search for at most 100 characters.' }),
});

/** A customer as the desk sees them in a list and in the selected-customer bar. */
export const deskCustomerSchema = z.object({
  id: z.number().int(),
  /** the customer ID on their card, e.g. C100002 */
  reference: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  postcode: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  /** a dependant's account holder (who pays), else null */
  payer: z.object({ id: z.number().int(), name: z.string(), reference: z.string() }).nullable(),
});
export type DeskCustomer = z.infer<typeof deskCustomerSchema>;

/** GET /api/staff/customers?q=: at most 20, best matches first; `more` when there were others. */
export const customerSearchAnswerSchema = z.object({
  customers: z.array(deskCustomerSchema),
  more: z.boolean(),
});
export type CustomerSearchAnswer = z.infer<typeof customerSearchAnswerSchema>;

/** GET /api/staff/customers/{id}: the customer, and the family they pay for (or are in). */
export const deskCustomerDetailSchema = deskCustomerSchema.extend({
  family: z.array(deskCustomerSchema),
  /** the rest of their details, for a supervisor's "Change details" form (decision 0085) */
  phone: z.string().nullable(),
  addressLineOne: z.string().nullable(),
  addressLineTwo: z.string().nullable(),
  town: z.string().nullable(),
  /** the language they chose online, so the desk can answer in it (issue 38 item 5) */
  language: z.enum(['en', 'cy']),
});
export type DeskCustomerDetail = z.infer<typeof deskCustomerDetailSchema>;

/**
 * POST /api/staff/customers: a customer created at the desk, with the spec's data fields. They have
 * no password: they set one with "Forgotten password" when they first want My account.
 */
export const deskCustomerBodySchema = z.strictObject({ ...customerDetailsShape });
export type DeskCustomerBody = z.infer<typeof deskCustomerBodySchema>;

export const staffCustomerParamsSchema = z.object({ customerId: positiveId('The customer') });

/**
 * POST {checkout}/pay (§7): the one-step pay at the desk. `payments` are the tenders taken (cash,
 * offline-voucher, cheque, credit), folded with the spec's replace and remove rules; together they
 * must cover the balance, and only cash may be more than what is left (the change is given back).
 * `transactionUuid` makes a repeat (double click, retry) answer the first order.
 */
export const payBodySchema = z.strictObject({
  completedWaivers: completedWaiversSchema.optional(),
  payments: offlinePaymentsSchema.default([]),
  terms: z.array(positiveId('A terms id')).max(20).default([]),
  transactionUuid: z
    .string({ error: 'The transaction is missing.' })
    .uuid({ error: 'The transaction must be a UUID.' }),
  source: z.literal('front-of-house', { error: 'The source must be front-of-house.' }),
  selectedUserId: positiveId('The selected user'),
});
export type PayBody = z.infer<typeof payBodySchema>;

/** The answer to POST {checkout}/pay: the order, and the change to give for cash. */
export const paidAtDeskSchema = z.object({
  completeOrderId: z.number().int(),
  orderId: z.number().int(),
  status: z.literal('completed'),
  change: moneySchema,
});
export type PaidAtDesk = z.infer<typeof paidAtDeskSchema>;

// The labels live with the tender rules (no zod), so a receipt can name tenders cheaply.
export { tenderTypeLabels } from './offline-payments.ts';

/** An order taken at the desk, as the supervisor's list of the day shows it. */
export const deskOrderSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  takenAt: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string(), reference: z.string() }),
  staff: z.object({ id: z.number().int(), name: z.string() }),
  total: moneySchema,
  tenders: z.array(
    z.object({
      tenderType: z.enum(['cash', 'offline-voucher', 'cheque', 'credit', 'card']),
      amount: moneySchema,
      /** a voucher's code (decision 0072) */
      voucherCode: z.string().nullable(),
    }),
  ),
  status: z.enum(['completed', 'voided']),
  voidedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  voidReason: z.string().nullable(),
});
export type DeskOrder = z.infer<typeof deskOrderSchema>;

/** GET /api/staff/orders?date=YYYY-MM-DD (default today): the desk's orders of a day. */
export const deskOrdersQuerySchema = z.object({
  date: calendarDate('The day').optional(),
});
export const deskOrdersAnswerSchema = z.object({ date: z.string(), orders: z.array(deskOrderSchema) });
export type DeskOrdersAnswer = z.infer<typeof deskOrdersAnswerSchema>;

/**
 * POST /api/staff/orders/{orderId}/void (supervisor; an order taken today): why, for the audit log,
 * and the total to hand back the supervisor was shown: if refunds changed it since, nothing is done.
 */
export const voidOrderBodySchema = z.strictObject({
  reason: z
    .string({ error: 'Enter why the order is voided.' })
    .trim()
    .min(3, { error: 'Enter why the order is voided.' })
    .max(200, { error: 'The reason must be at most 200 characters.' }),
  /** in pence, as the dialog showed it */
  handBackPence: pence('What is handed back'),
});
export type VoidOrderBody = z.infer<typeof voidOrderBodySchema>;

/** One thing a void hands back: a tender (or, for part of a voucher or cheque, cash instead). */
export const handBackSchema = z.object({
  tenderType: z.enum(['cash', 'offline-voucher', 'cheque', 'credit']),
  amount: moneySchema,
  voucherCode: z.string().nullable(),
  /** a part of a voucher or cheque is handed back in cash */
  inCash: z.boolean(),
  /** "£12.50 in cash", "Voucher BW-GIFT-0001 (£10.00)", "£5.00 back to account credit" */
  text: z.string(),
});

/**
 * GET /api/staff/orders/{orderId}/void (supervisor): what voiding the order now would do, shown
 * before confirming: what its refunds already gave back and what is still to hand back.
 */
export const voidPreviewSchema = z.object({
  orderId: z.number().int(),
  reference: z.string(),
  customerName: z.string(),
  total: moneySchema,
  alreadyRefunded: moneySchema,
  handBack: z.array(handBackSchema),
  handBackTotal: moneySchema,
  bookingsCancelled: z.number().int(),
  membershipsCancelled: z.number().int(),
});
export type VoidPreview = z.infer<typeof voidPreviewSchema>;
export const deskOrderParamsSchema = z.object({ orderId: positiveId('The order') });

/** GET /api/staff/cash-up?date= (supervisor): what each member of staff took in each tender. */
export const cashUpAnswerSchema = z.object({
  date: z.string(),
  prettyDate: z.string(),
  rows: z.array(
    z.object({
      staff: z.object({ id: z.number().int(), name: z.string() }),
      tenderType: z.enum(['cash', 'offline-voucher', 'cheque', 'credit', 'card']),
      orders: z.number().int(),
      taken: moneySchema,
      /** taken on orders voided since: handed back, not in the till */
      voided: moneySchema,
      net: moneySchema,
    }),
  ),
  totals: z.array(
    z.object({
      tenderType: z.enum(['cash', 'offline-voucher', 'cheque', 'credit', 'card']),
      net: moneySchema,
    }),
  ),
  voidedOrders: z.number().int(),
  /** every voucher taken that day (decision 0072): its code, amount, order, and whether handed back */
  vouchers: z.array(
    z.object({
      code: z.string(),
      amount: moneySchema,
      orderReference: z.string(),
      staff: z.object({ id: z.number().int(), name: z.string() }),
      /** issued in Lido (its value and balance are kept), or another's paper voucher */
      issuedInLido: z.boolean(),
      handedBack: z.boolean(),
    }),
  ),
});
export type CashUp = z.infer<typeof cashUpAnswerSchema>;

export const staffRoleSchema = z.enum(staffRoles);
