import { type BankCheckBody, maskAccountNumber, maskSortCode } from '@lido/contracts/bank-details';
import { addDays, addMonths, type CalendarDate, compareDates, prettyDate } from '@lido/pricing/calendar-date';
import { currencySymbol, toMoney } from '@lido/pricing/money';
import { addWorkingDays } from '@lido/pricing/working-days';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import {
  cartDirectDebits,
  customerMemberships,
  customers,
  directDebitCollections,
  directDebitInstructions,
  type PaymentProblem,
  providerWebhookEvents,
  venues,
} from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { GcEvent, GoCardlessClient } from '../../providers/direct-debit/gocardless-client.ts';
import { GoCardlessError } from '../../providers/direct-debit/gocardless-client.ts';
import type { EmailQueue } from '../email/email-outbox.ts';
import type { CustomerRow } from '../auth/auth.repository.ts';
import { tooManyAttemptsMessage } from '../auth/auth.service.ts';
import type { RateLimiter } from '../auth/rate-limiter.ts';
import { requireOperator } from '../operator/current-operator.ts';
import type { OperatorRepository } from '../operator/operator.repository.ts';
import { checkBankAccount, toBankError } from './bank-check.ts';
import {
  advanceNoticeEmail,
  mandateConfirmationEmail,
  type Merchant,
  problemEmail,
} from './direct-debit-emails.ts';

export interface BankDetailsInput {
  accountHolder: string;
  sortCode: string;
  accountNumber: string;
  billingAddress?:
    { lineOne: string; lineTwo?: string | undefined; city: string; postcode: string } | undefined;
}

/** A new monthly membership in an order, as its first collection needs it. */
export interface DirectDebitLine {
  cartId: number;
  customerId: number;
  orderId: number;
  membershipId: number;
  description: string;
  amountPence: number;
  firstBillingDate: CalendarDate;
  today: CalendarDate;
  /** a change: this held membership's collections from `firstBillingDate` on move to the new one */
  replacesMembershipId: number | null;
}

/** The billing request holding a checked account, ready to be kept with the basket. */
export interface PreparedDirectDebit {
  provider: string;
  billingRequestId: string;
  accountHolder: string;
  accountNumberEnding: string;
  sortCodeEnding: string;
  bankName: string | null;
}

const endedMandate = new Set(['failed', 'cancelled', 'expired', 'setup_failed', 'blocked', 'consumed']);
const mandateProblem: Record<string, PaymentProblem> = {
  failed: 'mandate_failed',
  cancelled: 'mandate_cancelled',
  expired: 'mandate_expired',
};
const paymentProblem: Record<string, PaymentProblem> = {
  failed: 'payment_failed',
  charged_back: 'payment_charged_back',
};
/** How far ahead each month's collection is made, and so its advance notice sent. */
const scheduleAheadDays = 14;
/** Setting a mandate up is retried by the minute job; after this many tries it needs a person. */
const maxSetupAttempts = 10;

const twoDigits = (digits: string) => digits.slice(-2);

/** How a stored instruction shows its account: only the two digits we keep. */
const maskedAccount = (instruction: { accountNumberEnding: string; sortCodeEnding: string }) => ({
  accountNumber: maskAccountNumber(`000000${instruction.accountNumberEnding}`),
  sortCode: maskSortCode(`0000${instruction.sortCodeEnding}`),
});

/**
 * Direct Debit from the joining page to the bank (issue 8): the account checked and held by the
 * provider's billing request, the instruction and first collection recorded with the order, the
 * mandate and payment made after the commit with idempotency keys derived from our rows (so a
 * crash or a retry never makes two), the Bacs emails, and the provider's webhooks applied once.
 */
export function createDirectDebitService(deps: {
  db: Db;
  client: GoCardlessClient | undefined;
  providerName: string;
  operators: OperatorRepository;
  email: EmailQueue;
  today: () => CalendarDate;
  log: FastifyBaseLogger;
  limiter: RateLimiter;
  clock: () => Date;
}) {
  const { db } = deps;

  const requireClient = () => {
    if (!deps.client)
      throw new HttpError(503, 'Direct Debit is not available just now. Please try again later.');
    return deps.client;
  };

  async function merchant(
    customerId: number,
    executor: Db | Tx = db,
  ): Promise<Merchant & { symbol: string }> {
    const operator = await requireOperator(deps.operators, executor);
    const [home] = await executor
      .select({ name: venues.name, address1: venues.address1, town: venues.town, postcode: venues.postcode })
      .from(customers)
      .innerJoin(venues, eq(venues.id, customers.homeVenueId))
      .where(eq(customers.id, customerId));
    return {
      name: operator.name,
      serviceUserName: operator.directDebitServiceUserName,
      email: operator.customerServiceEmail,
      address: home ? `${home.name}, ${home.address1}, ${home.town} ${home.postcode}` : operator.name,
      symbol: currencySymbol(operator.currency),
    };
  }

  async function person(customerId: number, executor: Db | Tx = db) {
    const [found] = await executor
      .select({ email: customers.email, firstName: customers.firstName })
      .from(customers)
      .where(eq(customers.id, customerId));
    return found;
  }

  /** Fulfils the billing request into a mandate, once; answers the instruction as it now is. */
  async function setUpMandate(instruction: typeof directDebitInstructions.$inferSelect) {
    const client = requireClient();
    await db
      .update(directDebitInstructions)
      .set({ setupAttempts: sql`${directDebitInstructions.setupAttempts} + 1`, updatedAt: sql`now()` })
      .where(eq(directDebitInstructions.id, instruction.id));
    let request = await client.getBillingRequest(instruction.billingRequestId);
    // A lost answer to an earlier fulfil leaves the request fulfilled: reading it is the retry.
    if (request.status === 'ready_to_fulfil')
      request = await client.billingRequestAction(instruction.billingRequestId, 'fulfil');
    const mandateId = request.links?.mandate_request_mandate;
    if (request.status !== 'fulfilled' || !mandateId) {
      await db
        .update(directDebitInstructions)
        .set({
          status: 'setup_failed',
          failureReason: `billing request ${request.status}`,
          updatedAt: sql`now()`,
        })
        .where(eq(directDebitInstructions.id, instruction.id));
      return undefined;
    }
    const mandate = await client.getMandate(mandateId);
    const [updated] = await db
      .update(directDebitInstructions)
      .set({
        mandateId,
        providerCustomerId: request.links?.customer ?? null,
        providerBankAccountId: request.links?.customer_bank_account ?? null,
        reference: mandate.reference ?? null,
        status: mandate.status ?? 'pending_submission',
        nextPossibleChargeDate: mandate.next_possible_charge_date ?? null,
        updatedAt: sql`now()`,
      })
      .where(eq(directDebitInstructions.id, instruction.id))
      .returning();
    return updated;
  }

  async function sendConfirmation(instruction: typeof directDebitInstructions.$inferSelect) {
    if (instruction.confirmationSentAt || !instruction.reference) return;
    const [who, from] = await Promise.all([person(instruction.customerId), merchant(instruction.customerId)]);
    if (!who) return;
    // Claimed and queued in one transaction, so two runs at once (the order and the minute job)
    // queue it once, and a crash after the claim cannot lose it.
    const queued = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(directDebitInstructions)
        .set({ confirmationSentAt: deps.clock() })
        .where(
          and(
            eq(directDebitInstructions.id, instruction.id),
            isNull(directDebitInstructions.confirmationSentAt),
          ),
        )
        .returning({ id: directDebitInstructions.id });
      if (!claimed) return false;
      await deps.email.send(
        mandateConfirmationEmail({
          to: who.email,
          firstName: who.firstName,
          merchant: from,
          reference: instruction.reference!,
          accountHolder: instruction.accountHolder,
          maskedAccountNumber: maskedAccount(instruction).accountNumber,
          maskedSortCode: maskedAccount(instruction).sortCode,
        }),
        { tx, dedupeKey: `direct-debit-confirmation:${instruction.id}` },
      );
      return true;
    });
    if (queued) deps.email.nudge();
  }

  /**
   * The collection's payment: on its billing date, but never before the mandate's earliest charge
   * date nor sooner than 3 working days from today (the advance notice goes out now).
   */
  async function collect(
    instruction: typeof directDebitInstructions.$inferSelect,
    collection: typeof directDebitCollections.$inferSelect,
  ) {
    const client = requireClient();
    const mandate = await client.getMandate(instruction.mandateId!);
    if (endedMandate.has(mandate.status ?? '')) return;
    const chargeDate = firstChargeDate({
      billingDate: collection.billingDate,
      today: deps.today(),
      mandateEarliest: mandate.next_possible_charge_date ?? null,
    });
    const payment = await client.createPayment(
      {
        amount: collection.amountPence,
        currency: 'GBP',
        charge_date: chargeDate,
        description: collection.description,
        metadata: { lido_collection: String(collection.id) },
        links: { mandate: instruction.mandateId! },
      },
      // Derived from our row: a retry after a lost answer gets the same payment back.
      `lido-collection-${collection.id}`,
    );
    const [saved] = await db
      .update(directDebitCollections)
      .set({
        paymentId: payment.id!,
        chargeDate: payment.charge_date ?? chargeDate,
        status: payment.status ?? 'pending_submission',
        updatedAt: sql`now()`,
      })
      .where(eq(directDebitCollections.id, collection.id))
      .returning();
    await sendNotice(instruction, saved!);
  }

  async function sendNotice(
    instruction: typeof directDebitInstructions.$inferSelect,
    collection: typeof directDebitCollections.$inferSelect,
  ) {
    if (collection.noticeSentAt || !collection.chargeDate) return;
    const [who, from] = await Promise.all([person(instruction.customerId), merchant(instruction.customerId)]);
    if (!who) return;
    const queued = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(directDebitCollections)
        .set({ noticeSentAt: deps.clock() })
        .where(and(eq(directDebitCollections.id, collection.id), isNull(directDebitCollections.noticeSentAt)))
        .returning({ id: directDebitCollections.id });
      if (!claimed) return false;
      await deps.email.send(
        advanceNoticeEmail({
          to: who.email,
          firstName: who.firstName,
          merchant: from,
          reference: instruction.reference ?? '',
          description: collection.description,
          amountPence: collection.amountPence,
          symbol: from.symbol,
          chargeDate: collection.chargeDate!,
        }),
        { tx, dedupeKey: `direct-debit-notice:${collection.id}` },
      );
      return true;
    });
    if (queued) deps.email.nudge();
  }

  /**
   * Each month's collection after the first: made `scheduleAheadDays` before its billing date for
   * every membership still running on a working instruction, once the previous one was requested.
   */
  async function scheduleNextCollections() {
    const horizon = addDays(deps.today(), scheduleAheadDays);
    const latest = await db
      .selectDistinctOn([directDebitCollections.customerMembershipId], {
        collection: directDebitCollections,
        instructionStatus: directDebitInstructions.status,
        membershipStatus: customerMemberships.status,
        endDate: customerMemberships.endDate,
        pricePence: customerMemberships.pricePence,
      })
      .from(directDebitCollections)
      .innerJoin(
        directDebitInstructions,
        eq(directDebitInstructions.id, directDebitCollections.instructionId),
      )
      .innerJoin(customerMemberships, eq(customerMemberships.id, directDebitCollections.customerMembershipId))
      .orderBy(directDebitCollections.customerMembershipId, desc(directDebitCollections.billingDate));
    for (const row of latest) {
      const next = addMonths(row.collection.billingDate, 1);
      const running =
        ['active', 'pending_eligibility'].includes(row.membershipStatus) &&
        (row.endDate === null || compareDates(row.endDate, next) >= 0);
      if (!running || endedMandate.has(row.instructionStatus) || !row.collection.paymentId) continue;
      if (compareDates(next, horizon) > 0) continue;
      await db
        .insert(directDebitCollections)
        .values({
          instructionId: row.collection.instructionId,
          customerMembershipId: row.collection.customerMembershipId,
          description: row.collection.description,
          amountPence: row.pricePence,
          billingDate: next,
        })
        .onConflictDoNothing();
    }
  }

  /**
   * A change of a held monthly membership: from the change's first collection the new membership
   * is collected at its own price. The held one's later collections not yet requested are dropped;
   * one already requested is cancelled at the provider by `settle()` (possible until submission).
   */
  async function handOver(tx: Tx, input: DirectDebitLine, heldId: number) {
    const held = await tx
      .select()
      .from(directDebitCollections)
      .where(eq(directDebitCollections.customerMembershipId, heldId))
      .orderBy(desc(directDebitCollections.billingDate));
    // A membership we never collected for (set up elsewhere) is not ours to move.
    if (held.length === 0) return;
    for (const collection of held.filter(
      (row) => compareDates(row.billingDate, input.firstBillingDate) >= 0,
    )) {
      if (collection.paymentId === null)
        await tx.delete(directDebitCollections).where(eq(directDebitCollections.id, collection.id));
      else if (collection.status === 'pending_submission')
        await tx
          .update(directDebitCollections)
          .set({ status: 'cancelling', updatedAt: sql`now()` })
          .where(eq(directDebitCollections.id, collection.id));
    }
    await tx.insert(directDebitCollections).values({
      instructionId: held[0]!.instructionId,
      customerMembershipId: input.membershipId,
      description: input.description,
      amountPence: input.amountPence,
      billingDate: input.firstBillingDate,
    });
  }

  /** Payments a change replaced, cancelled at the provider while that is still possible. */
  async function cancelReplaced() {
    const replaced = await db
      .select()
      .from(directDebitCollections)
      .where(eq(directDebitCollections.status, 'cancelling'));
    for (const collection of replaced) {
      let status = 'cancelled';
      try {
        status = (await requireClient().cancelPayment(collection.paymentId!)).status ?? 'cancelled';
      } catch (error) {
        if (!(error instanceof GoCardlessError) || error.type !== 'invalid_state') throw error;
        // Already on its way to the bank: it is collected, at the old price, and noted for staff.
        status = (await requireClient().getPayment(collection.paymentId!)).status ?? 'submitted';
        deps.log.warn({ collection: collection.id }, 'a replaced collection was already submitted');
      }
      await db
        .update(directDebitCollections)
        .set({ status, updatedAt: sql`now()` })
        .where(eq(directDebitCollections.id, collection.id));
    }
  }

  async function settleInstruction(instructionId: number) {
    let [instruction] = await db
      .select()
      .from(directDebitInstructions)
      .where(eq(directDebitInstructions.id, instructionId));
    if (!instruction) return;
    if (!instruction.mandateId) {
      if (instruction.status !== 'setting_up' || instruction.setupAttempts >= maxSetupAttempts) return;
      instruction = await setUpMandate(instruction);
      if (!instruction) return;
    }
    await sendConfirmation(instruction);
    if (endedMandate.has(instruction.status)) return;
    const waiting = await db
      .select()
      .from(directDebitCollections)
      .where(
        and(
          eq(directDebitCollections.instructionId, instruction.id),
          isNull(directDebitCollections.paymentId),
        ),
      )
      .orderBy(asc(directDebitCollections.billingDate));
    for (const collection of waiting) await collect(instruction, collection);
  }

  type EventOutcome =
    | { result: 'duplicate' | 'ignored' }
    | {
        result: 'applied';
        /** a failure the member must hear about, once */
        problem?: EventProblem;
      };
  type EventProblem = { customerId: number; kind: 'mandate' | 'payment'; code: PaymentProblem };

  /** An event's effect, its inbox row and the email telling the member of a problem: all or nothing. */
  async function applyEvent(event: GcEvent, current: { status: string } | undefined): Promise<EventOutcome> {
    const outcome = await db.transaction(async (tx) => {
      const applied = await applyEventIn(tx, event, current);
      const problem = applied.result === 'applied' ? applied.problem : undefined;
      if (problem) await queueProblemEmail(tx, event.id!, problem);
      return applied;
    });
    if (outcome.result === 'applied' && outcome.problem) deps.email.nudge();
    return outcome;
  }

  async function queueProblemEmail(tx: Tx, eventId: string, problem: EventProblem) {
    const [who, from] = await Promise.all([person(problem.customerId, tx), merchant(problem.customerId, tx)]);
    if (!who) return;
    await deps.email.send(
      problemEmail({
        to: who.email,
        firstName: who.firstName,
        merchant: from,
        kind: problem.kind,
        detail: problemText(problem.code),
      }),
      { tx, dedupeKey: `direct-debit-problem:${eventId}` },
    );
  }

  /**
   * One event, in one transaction with its inbox row: the instruction or collection takes the
   * state read back from the provider. Only a change of state has an effect, so two events that
   * read back to the same state act once.
   */
  async function applyEventIn(
    tx: Tx,
    event: GcEvent,
    current: { status: string } | undefined,
  ): Promise<EventOutcome> {
    const [fresh] = await tx
      .insert(providerWebhookEvents)
      .values({
        provider: 'gocardless',
        eventId: event.id!,
        eventType: `${event.resource_type}.${event.action}`,
      })
      .onConflictDoNothing()
      .returning({ id: providerWebhookEvents.eventId });
    if (!fresh) return { result: 'duplicate' };
    if (!current) return { result: 'ignored' };
    const cause = event.details?.description ?? event.details?.cause ?? null;
    if (event.resource_type === 'mandates' && event.links?.mandate) {
      const [before] = await tx
        .select({ id: directDebitInstructions.id, status: directDebitInstructions.status })
        .from(directDebitInstructions)
        .where(eq(directDebitInstructions.mandateId, event.links.mandate))
        .for('update');
      if (!before) return { result: 'ignored' };
      if (before.status === current.status) return { result: 'applied' };
      const code = mandateProblem[current.status];
      const [instruction] = await tx
        .update(directDebitInstructions)
        .set({ status: current.status, ...(code ? { failureReason: cause } : {}), updatedAt: sql`now()` })
        .where(eq(directDebitInstructions.id, before.id))
        .returning();
      if (!code) return { result: 'applied' };
      const ids = (
        await tx
          .select({ id: directDebitCollections.customerMembershipId })
          .from(directDebitCollections)
          .where(eq(directDebitCollections.instructionId, before.id))
      ).map((row) => row.id);
      if (ids.length > 0)
        await tx
          .update(customerMemberships)
          .set({ paymentProblem: code })
          .where(inArray(customerMemberships.id, ids));
      // With no working instruction left, the next monthly membership asks for bank details again.
      const working = (
        await tx
          .select({ status: directDebitInstructions.status })
          .from(directDebitInstructions)
          .where(eq(directDebitInstructions.customerId, instruction!.customerId))
      ).some((row) => !endedMandate.has(row.status));
      if (!working)
        await tx
          .update(customers)
          .set({ hasDirectDebitInstruction: false })
          .where(eq(customers.id, instruction!.customerId));
      return { result: 'applied', problem: { customerId: instruction!.customerId, kind: 'mandate', code } };
    }
    if (event.resource_type === 'payments' && event.links?.payment) {
      const [before] = await tx
        .select({ id: directDebitCollections.id, status: directDebitCollections.status })
        .from(directDebitCollections)
        .where(eq(directDebitCollections.paymentId, event.links.payment))
        .for('update');
      if (!before) return { result: 'ignored' };
      if (before.status === current.status) return { result: 'applied' };
      const code = paymentProblem[current.status];
      const [collection] = await tx
        .update(directDebitCollections)
        .set({ status: current.status, ...(code ? { failureReason: cause } : {}), updatedAt: sql`now()` })
        .where(eq(directDebitCollections.id, before.id))
        .returning();
      if (!code) return { result: 'applied' };
      await tx
        .update(customerMemberships)
        .set({ paymentProblem: code })
        .where(eq(customerMemberships.id, collection!.customerMembershipId));
      const [instruction] = await tx
        .select({ customerId: directDebitInstructions.customerId })
        .from(directDebitInstructions)
        .where(eq(directDebitInstructions.id, collection!.instructionId));
      return { result: 'applied', problem: { customerId: instruction!.customerId, kind: 'payment', code } };
    }
    return { result: 'ignored' };
  }

  return {
    available: () => deps.client !== undefined,

    /**
     * The joining page's check before Continue: the provider's lookup, nothing kept. Limited per
     * customer, so the call can't be used to test bank accounts in bulk.
     */
    async check(customer: CustomerRow, input: BankCheckBody) {
      const client = requireClient();
      const limit = { key: `bank-check:${customer.id}`, max: 20, windowMs: 3_600_000 };
      // Checked and counted in one atomic step, so concurrent checks cannot all pass.
      if (!(await deps.limiter.take(limit))) throw new HttpError(429, tooManyAttemptsMessage);
      const found = await checkBankAccount(client, {
        accountHolder: input.accountHolder,
        sortCode: input.accountDetails.sortCode,
        accountNumber: input.accountDetails.accountNumber,
      });
      return {
        bankName: found.bankName,
        accountNumber: maskAccountNumber(found.accountNumber),
        sortCode: maskSortCode(found.sortCode),
      };
    },

    /**
     * The store call's half: the account checked again (the browser's check is not trusted), then
     * handed to a billing request that holds it until the order completes.
     */
    async prepare(customer: CustomerRow, input: BankDetailsInput): Promise<PreparedDirectDebit> {
      const client = requireClient();
      const account = await checkBankAccount(client, input);
      try {
        const request = await client.createBillingRequest({
          metadata: { lido_customer: customer.reference },
        });
        const address = input.billingAddress;
        await client.billingRequestAction(request.id!, 'collect_customer_details', {
          customer: { email: customer.email, given_name: customer.firstName, family_name: customer.lastName },
          customer_billing_detail: {
            address_line1: address?.lineOne ?? customer.addressLineOne ?? undefined,
            address_line2: address?.lineTwo ?? customer.addressLineTwo ?? undefined,
            city: address?.city ?? customer.town ?? undefined,
            postal_code: address?.postcode ?? customer.postcode ?? undefined,
            country_code: 'GB',
          },
        });
        await client.billingRequestAction(request.id!, 'collect_bank_account', {
          account_holder_name: input.accountHolder.trim(),
          account_number: account.accountNumber,
          branch_code: account.sortCode,
          country_code: 'GB',
        });
        await client.billingRequestAction(request.id!, 'confirm_payer_details');
        return {
          provider: deps.providerName,
          billingRequestId: request.id!,
          accountHolder: input.accountHolder.trim(),
          accountNumberEnding: twoDigits(account.accountNumber),
          sortCodeEnding: twoDigits(account.sortCode),
          bankName: account.bankName,
        };
      } catch (error) {
        throw toBankError(error);
      }
    },

    /** Keeps the prepared account with the basket (in the store call's transaction). */
    async keepWithCart(tx: Tx, cartId: number, prepared: PreparedDirectDebit) {
      const [earlier] = await tx.select().from(cartDirectDebits).where(eq(cartDirectDebits.cartId, cartId));
      await tx
        .insert(cartDirectDebits)
        .values({ cartId, ...prepared })
        .onConflictDoUpdate({ target: cartDirectDebits.cartId, set: { ...prepared, createdAt: sql`now()` } });
      return earlier?.billingRequestId;
    },

    /** A basket without a new monthly membership holds no bank account; answers the one it held. */
    async dropFromCart(tx: Tx, cartId: number) {
      const [earlier] = await tx
        .delete(cartDirectDebits)
        .where(eq(cartDirectDebits.cartId, cartId))
        .returning({ billingRequestId: cartDirectDebits.billingRequestId });
      return earlier?.billingRequestId;
    },

    /** A replaced billing request is cancelled, best effort: it holds bank details we no longer need. */
    async discardBillingRequest(billingRequestId: string | undefined) {
      if (!billingRequestId || !deps.client) return;
      await deps.client
        .billingRequestAction(billingRequestId, 'cancel')
        .catch((error: unknown) =>
          deps.log.warn({ err: error }, 'cancelling a replaced billing request failed'),
        );
    },

    /**
     * In the order's transaction: a new monthly membership gets its first collection, on the
     * customer's working instruction or on a new one made from the basket's billing request.
     */
    async recordWithOrder(tx: Tx, input: DirectDebitLine): Promise<void> {
      if (input.replacesMembershipId !== null) return handOver(tx, input, input.replacesMembershipId);
      const existing = (
        await tx
          .select()
          .from(directDebitInstructions)
          .where(eq(directDebitInstructions.customerId, input.customerId))
          .orderBy(desc(directDebitInstructions.id))
      ).find((instruction) => !endedMandate.has(instruction.status));
      let instructionId = existing?.id;
      if (!instructionId) {
        const [held] = await tx
          .select()
          .from(cartDirectDebits)
          .where(eq(cartDirectDebits.cartId, input.cartId));
        if (!held) return;
        const [created] = await tx
          .insert(directDebitInstructions)
          .values({
            customerId: input.customerId,
            orderId: input.orderId,
            provider: held.provider,
            billingRequestId: held.billingRequestId,
            accountHolder: held.accountHolder,
            accountNumberEnding: held.accountNumberEnding,
            sortCodeEnding: held.sortCodeEnding,
            bankName: held.bankName,
            confirmationDueBy: addWorkingDays(input.today, 3),
          })
          .returning({ id: directDebitInstructions.id });
        await tx.delete(cartDirectDebits).where(eq(cartDirectDebits.cartId, input.cartId));
        await tx
          .update(customers)
          .set({ hasDirectDebitInstruction: true })
          .where(eq(customers.id, input.customerId));
        instructionId = created!.id;
      }
      await tx.insert(directDebitCollections).values({
        instructionId,
        customerMembershipId: input.membershipId,
        description: input.description,
        amountPence: input.amountPence,
        billingDate: input.firstBillingDate,
      });
    },

    /**
     * After an order's commit, and every minute: mandates set up, confirmations sent, collections
     * made with their advance notices. Each step is keyed on our rows, so running it twice is safe.
     */
    async settle(filter: { customerId?: number } = {}) {
      if (filter.customerId === undefined) await scheduleNextCollections();
      await cancelReplaced().catch((error: unknown) =>
        deps.log.warn({ err: error }, 'cancelling a replaced collection will be retried'),
      );
      const mine =
        filter.customerId === undefined
          ? undefined
          : eq(directDebitInstructions.customerId, filter.customerId);
      const waiting = await db
        .selectDistinct({ id: directDebitInstructions.id })
        .from(directDebitInstructions)
        .leftJoin(
          directDebitCollections,
          eq(directDebitCollections.instructionId, directDebitInstructions.id),
        )
        .where(
          and(
            mine,
            or(
              isNull(directDebitInstructions.confirmationSentAt),
              and(isNotNull(directDebitCollections.id), isNull(directDebitCollections.paymentId)),
            ),
          ),
        );
      for (const { id } of waiting) {
        try {
          await settleInstruction(id);
        } catch (error) {
          // The provider may be down: the minute job tries again with the same keys.
          deps.log.warn(
            { err: error instanceof GoCardlessError ? { status: error.status, type: error.type } : error },
            'direct debit set-up will be retried',
          );
        }
      }
    },

    /** The events of a webhook whose signature matches its raw body; null when it does not. */
    verifyWebhook: (rawBody: Buffer, signature: string | undefined) =>
      requireClient().parseWebhook(rawBody, signature),

    /**
     * A verified webhook: each event's resource is read back from the provider (so events that
     * arrive out of order still leave the latest state), then recorded in the inbox in the same
     * transaction as its effect, so a repeat delivery changes nothing.
     */
    async applyWebhook(events: GcEvent[]) {
      const client = requireClient();
      const results: ('applied' | 'duplicate' | 'ignored')[] = [];
      for (const event of events) {
        if (!event.id) continue;
        let current: { status: string } | undefined;
        if (event.resource_type === 'mandates' && event.links?.mandate)
          current = { status: (await client.getMandate(event.links.mandate)).status ?? 'unknown' };
        else if (event.resource_type === 'payments' && event.links?.payment)
          current = { status: (await client.getPayment(event.links.payment)).status ?? 'unknown' };
        const outcome = await applyEvent(event, current);
        results.push(outcome.result);
      }
      return results;
    },

    /** GET my-account/direct-debit: the instruction (masked), its collections and any notices. */
    async forCustomer(customer: CustomerRow) {
      const operator = await requireOperator(deps.operators);
      const money = (pence: number) => toMoney(pence, operator.currency, currencySymbol(operator.currency));
      const [instruction] = await db
        .select()
        .from(directDebitInstructions)
        .where(eq(directDebitInstructions.customerId, customer.id))
        .orderBy(desc(directDebitInstructions.id))
        .limit(1);
      const collections = instruction
        ? await db
            .select()
            .from(directDebitCollections)
            .where(eq(directDebitCollections.instructionId, instruction.id))
            .orderBy(asc(directDebitCollections.billingDate))
        : [];
      const problems = await db
        .select({ problem: customerMemberships.paymentProblem })
        .from(customerMemberships)
        .where(
          and(
            eq(customerMemberships.customerId, customer.id),
            sql`${customerMemberships.paymentProblem} IS NOT NULL`,
          ),
        );
      return {
        instruction: instruction
          ? {
              reference: instruction.reference,
              status: instruction.status,
              statusLabel: instructionStatusLabel(instruction.status),
              accountHolder: instruction.accountHolder,
              ...maskedAccount(instruction),
              bankName: instruction.bankName,
            }
          : null,
        collections: collections.map((collection) => {
          const date = collection.chargeDate ?? collection.billingDate;
          return {
            id: collection.id,
            description: collection.description,
            amount: money(collection.amountPence),
            date,
            prettyDate: prettyDate(date),
            status: collection.status,
            statusLabel: collectionStatusLabel(collection.status),
          };
        }),
        notices: [...new Set(problems.map((row) => row.problem!))].map((problem) => ({
          problem,
          message: problemText(problem),
        })),
      };
    },
  };
}
export type DirectDebitService = ReturnType<typeof createDirectDebitService>;

/**
 * A collection's charge date: its billing date, but never before the mandate's earliest charge
 * date, nor within 3 working days of today (the advance notice is sent today and Bacs wants 3).
 */
export function firstChargeDate(input: {
  billingDate: CalendarDate;
  today: CalendarDate;
  mandateEarliest: CalendarDate | null;
}): CalendarDate {
  const floors = [input.billingDate, addWorkingDays(input.today, 3), input.mandateEarliest];
  return floors
    .filter((date): date is CalendarDate => date !== null)
    .sort(compareDates)
    .at(-1)!;
}

/** Each Direct Debit problem in a line (the membership's mark) and in full (notices, emails). */
export const paymentProblems: Record<PaymentProblem, { label: string; message: string }> = {
  mandate_failed: {
    label: 'Your Direct Debit could not be set up',
    message:
      'Your Direct Debit could not be set up: your bank did not accept the instruction. Please check your bank details with us.',
  },
  mandate_cancelled: {
    label: 'Your Direct Debit was cancelled at your bank',
    message:
      'Your Direct Debit has been cancelled at your bank, so we can’t collect your membership payments. Please set up a new one with us.',
  },
  mandate_expired: {
    label: 'Your Direct Debit has expired',
    message:
      'Your Direct Debit has expired, so we can’t collect your membership payments. Please set up a new one with us.',
  },
  payment_failed: {
    label: 'Your last Direct Debit payment failed',
    message:
      'We couldn’t collect your last Direct Debit payment. Please contact us to pay it, so your membership can carry on.',
  },
  payment_charged_back: {
    label: 'Your bank returned your last Direct Debit payment',
    message:
      'Your bank returned your last Direct Debit payment to you. Please contact us to pay it, so your membership can carry on.',
  },
};

export const problemText = (problem: PaymentProblem): string => paymentProblems[problem].message;

function instructionStatusLabel(status: string): string {
  if (status === 'active') return 'Active';
  if (status === 'setting_up' || status === 'pending_submission' || status === 'submitted')
    return 'Being set up';
  if (status === 'cancelled') return 'Cancelled';
  if (status === 'expired') return 'Expired';
  return 'Failed';
}

function collectionStatusLabel(status: string): string {
  if (status === 'scheduled' || status === 'pending_submission' || status === 'pending_customer_approval')
    return 'Scheduled';
  if (status === 'submitted') return 'Requested from your bank';
  if (status === 'confirmed' || status === 'paid_out') return 'Collected';
  if (status === 'cancelled' || status === 'cancelling') return 'Cancelled';
  if (status === 'charged_back') return 'Returned by your bank';
  return 'Failed';
}
