import { setWorkingInstructionFlag } from '../customers/index.ts';
import type { CalendarDate } from '@lido/pricing/calendar-date';
import { addWorkingDays } from '@lido/pricing/working-days';
import type { Tx } from '../../db/client.ts';
import { type DirectDebitContext, maskedAccount } from './direct-debit-context.ts';
import { bankDetailsChangedEmail, mandateConfirmationEmail } from './direct-debit-emails.ts';
import {
  claimConfirmation,
  countSetupAttempt,
  findInstruction,
  heldBillingRequest,
  insertInstruction,
  type InstructionRow,
  releaseBillingRequest,
  updateInstruction,
} from './direct-debit.repository.ts';

/**
 * The instruction's life up to a working mandate: made from the basket's billing request with the
 * order, fulfilled into a mandate at the provider after the commit, and confirmed to the payer.
 */
export function mandateSetup(ctx: DirectDebitContext) {
  return {
    /**
     * In the order's transaction: a new instruction from the billing request the basket held (the
     * basket lets go of it). Undefined when the basket held none.
     */
    async instructionFromBasket(
      tx: Tx,
      input: { cartId: number; customerId: number; orderId: number; today: CalendarDate },
    ): Promise<number | undefined> {
      const held = await heldBillingRequest(tx, input.cartId);
      if (!held) return undefined;
      const id = await insertInstruction(tx, {
        customerId: input.customerId,
        orderId: input.orderId,
        provider: held.provider,
        billingRequestId: held.billingRequestId,
        accountHolder: held.accountHolder,
        accountNumberEnding: held.accountNumberEnding,
        sortCodeEnding: held.sortCodeEnding,
        bankName: held.bankName,
        confirmationDueBy: addWorkingDays(input.today, 3),
      });
      await releaseBillingRequest(tx, input.cartId);
      await setWorkingInstructionFlag(tx, input.customerId, true);
      return id;
    },

    /** Fulfils the billing request into a mandate, once; answers the instruction as it now is. */
    async setUpMandate(instruction: InstructionRow): Promise<InstructionRow | undefined> {
      const client = ctx.requireClient();
      const billingRequestId = instruction.billingRequestId;
      // New bank details whose billing request is still being made (bank-details-change.ts).
      if (!billingRequestId) return undefined;
      await countSetupAttempt(ctx.db, instruction.id);
      let request = await client.getBillingRequest(billingRequestId);
      // A lost answer to an earlier fulfil leaves the request fulfilled: reading it is the retry.
      if (request.status === 'ready_to_fulfil')
        request = await client.billingRequestAction(billingRequestId, 'fulfil');
      const mandateId = request.links?.mandate_request_mandate;
      if (request.status !== 'fulfilled' || !mandateId) {
        await updateInstruction(ctx.db, instruction.id, {
          status: 'setup_failed',
          failureReason: `billing request ${request.status}`,
        });
        return undefined;
      }
      const mandate = await client.getMandate(mandateId);
      return updateInstruction(ctx.db, instruction.id, {
        mandateId,
        providerCustomerId: request.links?.customer ?? null,
        providerBankAccountId: request.links?.customer_bank_account ?? null,
        reference: mandate.reference ?? null,
        status: mandate.status ?? 'pending_submission',
        nextPossibleChargeDate: mandate.next_possible_charge_date ?? null,
      });
    },

    /** The set-up confirmation Bacs requires, sent once; for new bank details, saying what it replaces. */
    async sendConfirmation(instruction: InstructionRow) {
      const reference = instruction.reference;
      if (instruction.confirmationSentAt || !reference) return;
      const replaced = instruction.replacesInstructionId
        ? await findInstruction(ctx.db, instruction.replacesInstructionId)
        : undefined;
      await ctx.emailOnce({
        customerId: instruction.customerId,
        claim: (tx) => claimConfirmation(tx, instruction.id, ctx.clock()),
        message: (who, from) =>
          replaced
            ? bankDetailsChangedEmail({
                to: who.email,
                firstName: who.firstName,
                merchant: from,
                reference,
                accountHolder: instruction.accountHolder,
                maskedAccountNumber: maskedAccount(instruction).accountNumber,
                maskedSortCode: maskedAccount(instruction).sortCode,
                oldAccountNumber: replaced.accountNumberEnding,
              })
            : mandateConfirmationEmail({
                to: who.email,
                firstName: who.firstName,
                merchant: from,
                reference,
                accountHolder: instruction.accountHolder,
                maskedAccountNumber: maskedAccount(instruction).accountNumber,
                maskedSortCode: maskedAccount(instruction).sortCode,
              }),
        dedupeKey: `direct-debit-confirmation:${instruction.id}`,
      });
    },
  };
}
