import type { BankDetailsChangeBody } from '@lido/contracts/bank-details';
import { digitsOf } from '@lido/contracts/bank-details';
import { addWorkingDays } from '@lido/pricing/working-days';
import { HttpError } from '../../http/errors.ts';
import type { CustomerRow } from '../auth/index.ts';
import { tooManyAttemptsMessage } from '../auth/index.ts';
import type { BankDetailsInput, PreparedDirectDebit } from './billing-request-hold.ts';
import type { DirectDebitContext } from './direct-debit-context.ts';
import { instructionsOf, updateInstruction } from './direct-debit.repository.ts';
import {
  claimReplacement,
  dropStaleReplacements,
  dropUnpreparedReplacement,
  instructionByChangeKey,
} from './bank-details-change.repository.ts';

const noDirectDebitMessage = 'You don’t have a Direct Debit whose bank details can be changed.';
const changeUnderWayMessage =
  'Your new bank details are already being set up. Please wait a few minutes before changing them again.';

/**
 * New bank details online (issue 22 item 4): a new instruction replacing the member's current one,
 * claimed in our database before the provider is asked (so repeated or concurrent submissions make
 * one), its account checked and held by a billing request, then set up into a mandate by the
 * settle job, which moves the future collections to it and cancels the old mandate once
 * (replacement-takeover.ts).
 */
export function bankDetailsChange(
  ctx: DirectDebitContext,
  steps: {
    prepare: (customer: CustomerRow, input: BankDetailsInput) => Promise<PreparedDirectDebit>;
    settle: (filter: { customerId: number }) => Promise<void>;
  },
) {
  return {
    async replaceBankDetails(customer: CustomerRow, input: BankDetailsChangeBody): Promise<void> {
      ctx.requireClient();
      const again = await instructionByChangeKey(ctx.db, input.changeKey);
      if (again) {
        // The same form sent again: the change it made. Someone else's key changes nothing.
        if (again.customerId !== customer.id) throw new HttpError(409, changeUnderWayMessage);
        return;
      }
      const current = (await instructionsOf(ctx.db, customer.id)).find((row) => row.mandateId !== null);
      if (!current) throw new HttpError(409, noDirectDebitMessage);
      await dropStaleReplacements(ctx.db, current.id);
      const sortCode = digitsOf(input.accountDetails.sortCode);
      const accountNumber = digitsOf(input.accountDetails.accountNumber);
      const claimed = await claimReplacement(ctx.db, {
        customerId: customer.id,
        provider: ctx.providerName,
        billingRequestId: null,
        accountHolder: input.accountHolder,
        accountNumberEnding: accountNumber.slice(-2),
        sortCodeEnding: sortCode.slice(-2),
        confirmationDueBy: addWorkingDays(ctx.today(), 3),
        replacesInstructionId: current.id,
        changeKey: input.changeKey,
        takeover: 'waiting',
      });
      if (!claimed) {
        const same = await instructionByChangeKey(ctx.db, input.changeKey);
        if (same?.customerId === customer.id) return;
        throw new HttpError(409, changeUnderWayMessage);
      }
      try {
        // Limited per customer, as the joining page's check, so bank accounts can't be tested in
        // bulk; counted only for the claim that asks the provider.
        const limit = { key: `bank-check:${customer.id}`, max: 20, windowMs: 3_600_000 };
        if (!(await ctx.limiter.take(limit))) throw new HttpError(429, tooManyAttemptsMessage);
        // The account checked (modulus and Direct Debit reach) and held by a billing request.
        const prepared = await steps.prepare(customer, {
          accountHolder: input.accountHolder,
          sortCode,
          accountNumber,
        });
        await updateInstruction(ctx.db, claimed.id, {
          billingRequestId: prepared.billingRequestId,
          bankName: prepared.bankName,
        });
      } catch (error) {
        // Refused or unreachable: nothing is kept, and the member can try again at once.
        await dropUnpreparedReplacement(ctx.db, claimed.id);
        throw error;
      }
      await steps.settle({ customerId: customer.id });
    },
  };
}
