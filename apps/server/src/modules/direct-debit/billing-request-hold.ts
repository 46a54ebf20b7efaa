import { type BankCheckBody, maskAccountNumber, maskSortCode } from '@lido/contracts/bank-details';
import type { Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { CustomerRow } from '../auth/index.ts';
import { tooManyAttemptsMessage } from '../auth/index.ts';
import { checkBankAccount, toBankError } from './bank-check.ts';
import type { DirectDebitContext } from './direct-debit-context.ts';
import { heldBillingRequest, holdBillingRequest, releaseBillingRequest } from './direct-debit.repository.ts';

export interface BankDetailsInput {
  accountHolder: string;
  sortCode: string;
  accountNumber: string;
  billingAddress?:
    { lineOne: string; lineTwo?: string | undefined; city: string; postcode: string } | undefined;
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

const twoDigits = (digits: string) => digits.slice(-2);

/**
 * The joining page's bank account: checked, then held by the provider's billing request with the
 * basket until the order completes (or the basket no longer needs it).
 */
export function billingRequestHold(ctx: DirectDebitContext) {
  return {
    /**
     * The joining page's check before Continue: the provider's lookup, nothing kept. Limited per
     * customer, so the call can't be used to test bank accounts in bulk.
     */
    async check(customer: CustomerRow, input: BankCheckBody) {
      const client = ctx.requireClient();
      const limit = { key: `bank-check:${customer.id}`, max: 20, windowMs: 3_600_000 };
      // Checked and counted in one atomic step, so concurrent checks cannot all pass.
      if (!(await ctx.limiter.take(limit))) throw new HttpError(429, tooManyAttemptsMessage);
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
      const client = ctx.requireClient();
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
          provider: ctx.providerName,
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
      const earlier = await heldBillingRequest(tx, cartId);
      await holdBillingRequest(tx, cartId, prepared);
      return earlier?.billingRequestId;
    },

    /** A basket without a new monthly membership holds no bank account; answers the one it held. */
    dropFromCart: (tx: Tx, cartId: number) => releaseBillingRequest(tx, cartId),

    /** A replaced billing request is cancelled, best effort: it holds bank details we no longer need. */
    async discardBillingRequest(billingRequestId: string | undefined) {
      if (!billingRequestId || !ctx.client) return;
      await ctx.client
        .billingRequestAction(billingRequestId, 'cancel')
        .catch((error: unknown) =>
          ctx.log.warn({ err: error }, 'cancelling a replaced billing request failed'),
        );
    },
  };
}
