import { addWorkingDays } from '@lido/pricing/working-days';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GoCardlessError,
  type GoCardlessClient,
} from '../../src/providers/direct-debit/gocardless-client.ts';

export interface ContractSubject {
  client: GoCardlessClient;
  /** the provider's "today" (its working-day clock) */
  today(): string;
  /** moves the provider's clock on by working days, as its simulator would */
  advanceWorkingDays(days: number): Promise<void>;
  close(): Promise<void>;
}

/** Core path B with the GoCardless test account: customer, bank account, then the mandate. */
export async function newTestMandate(client: GoCardlessClient, holder = 'Alex Smith', key?: string) {
  const customer = await client.createCustomer({
    email: 'alex@example.com',
    given_name: 'Alex',
    family_name: 'Smith',
  });
  const account = await client.createCustomerBankAccount({
    account_holder_name: holder,
    account_number: '55779911',
    branch_code: '200000',
    country_code: 'GB',
    links: { customer: customer.id! },
  });
  return client.createMandate({ scheme: 'bacs', links: { customer_bank_account: account.id! } }, key);
}

async function validationOf(promise: Promise<unknown>): Promise<GoCardlessError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GoCardlessError);
  return error as GoCardlessError;
}

/**
 * What Lido relies on from a GoCardless-compatible provider: the real adapter is checked with
 * this against every provider it can be pointed at (today, the sandbox; the live API has the
 * same shapes but can't be reached from CI).
 */
export function directDebitContract(label: string, start: () => Promise<ContractSubject>) {
  describe(`Direct Debit provider contract: ${label}`, () => {
    let subject: ContractSubject;
    beforeAll(async () => {
      subject = await start();
    });
    afterAll(() => subject.close());

    const newMandate = (holder = 'Alex Smith', key?: string) => newTestMandate(subject.client, holder, key);

    it('looks bank details up with the modulus check and the magic sort codes', async () => {
      const { client } = subject;
      const good = await client.lookupBankDetails({
        account_number: '55779911',
        branch_code: '200000',
        country_code: 'GB',
      });
      expect(good.available_debit_schemes).toContain('bacs');
      expect(good.bank_name).toBeTruthy();
      for (const [branch, account] of [
        ['089999', '66374958'],
        ['107999', '88837491'],
        ['202959', '63748472'],
      ] as const) {
        const valid = await client.lookupBankDetails({
          account_number: account,
          branch_code: branch,
          country_code: 'GB',
        });
        expect(valid.available_debit_schemes).toContain('bacs');
      }
      for (const [branch, account] of [
        ['089999', '66374959'],
        ['200000', '55779912'],
      ] as const) {
        const refused = await validationOf(
          client.lookupBankDetails({ account_number: account, branch_code: branch, country_code: 'GB' }),
        );
        expect(refused.status).toBe(422);
        expect(refused.errors[0]).toMatchObject({ field: 'account_number', message: 'is invalid' });
      }
      const noDirectDebit = await client.lookupBankDetails({
        account_number: '12345678',
        branch_code: '200001',
        country_code: 'GB',
      });
      expect(noDirectDebit.available_debit_schemes).toEqual([]);
      const short = await validationOf(
        client.lookupBankDetails({ account_number: '55779911', branch_code: '2000', country_code: 'GB' }),
      );
      expect(short.errors[0]?.field).toBe('branch_code');
    });

    it('creates a customer, bank account and a pending mandate with a reference', async () => {
      const mandate = await newMandate();
      expect(mandate.id).toMatch(/^MD/);
      expect(mandate.status).toBe('pending_submission');
      expect(mandate.scheme).toBe('bacs');
      expect(mandate.reference).toBeTruthy();
      // Never sooner than the advance notice allows.
      expect(mandate.next_possible_charge_date! >= addWorkingDays(subject.today(), 3)).toBe(true);
    });

    it('answers a repeated create with the same idempotency key with the first resource', async () => {
      const first = await newMandate('Alex Smith', 'contract-mandate-key');
      const account = first.links!.customer_bank_account!;
      const again = await subject.client.createMandate(
        { scheme: 'bacs', links: { customer_bank_account: account } },
        'contract-mandate-key',
      );
      expect(again.id).toBe(first.id);
    });

    it('refuses a payment before the earliest charge date and takes one on it', async () => {
      const mandate = await newMandate();
      const early = await validationOf(
        subject.client.createPayment({
          amount: 3500,
          currency: 'GBP',
          charge_date: subject.today(),
          links: { mandate: mandate.id! },
        }),
      );
      expect(early.errors[0]?.field).toBe('charge_date');
      const payment = await subject.client.createPayment(
        {
          amount: 3500,
          currency: 'GBP',
          charge_date: mandate.next_possible_charge_date!,
          links: { mandate: mandate.id! },
        },
        'contract-payment-key',
      );
      expect(payment).toMatchObject({
        amount: 3500,
        status: 'pending_submission',
        charge_date: mandate.next_possible_charge_date,
      });
      const cancelled = await subject.client.cancelPayment(payment.id!);
      expect(cancelled.status).toBe('cancelled');
      const twice = await subject.client.cancelPayment(payment.id!).catch((error: unknown) => error);
      expect(twice).toMatchObject({ status: 422, type: 'invalid_state' });
    });

    it('fulfils a billing request into customer, bank account and mandate', async () => {
      const { client } = subject;
      const request = await client.createBillingRequest({ metadata: { lido: 'contract' } });
      expect(request.status).toBe('pending');
      await client.billingRequestAction(request.id!, 'collect_customer_details', {
        customer: { email: 'sam@example.com', given_name: 'Sam', family_name: 'Jones' },
        customer_billing_detail: {
          address_line1: '1 High Street',
          city: 'Leeds',
          postal_code: 'LS1 1AA',
          country_code: 'GB',
        },
      });
      const refused = await validationOf(
        client.billingRequestAction(request.id!, 'collect_bank_account', {
          account_holder_name: 'Sam Jones',
          account_number: '66374959',
          branch_code: '089999',
          country_code: 'GB',
        }),
      );
      expect(refused.errors[0]?.field).toBe('account_number');
      await client.billingRequestAction(request.id!, 'collect_bank_account', {
        account_holder_name: 'Sam Jones',
        account_number: '66374958',
        branch_code: '089999',
        country_code: 'GB',
      });
      const ready = await client.billingRequestAction(request.id!, 'confirm_payer_details');
      expect(ready.status).toBe('ready_to_fulfil');
      const fulfilled = await client.billingRequestAction(request.id!, 'fulfil');
      expect(fulfilled.status).toBe('fulfilled');
      const mandate = await client.getMandate(fulfilled.links!.mandate_request_mandate!);
      expect(mandate.status).toBe('pending_submission');
      const again = await client.billingRequestAction(request.id!, 'fulfil').catch((error: unknown) => error);
      expect(again).toMatchObject({ status: 422, type: 'invalid_state' });
    });

    it('moves mandates and payments along the working-day timeline', async () => {
      const mandate = await newMandate();
      const failing = await newMandate('MANDATE FAILED');
      await subject.advanceWorkingDays(1);
      expect((await subject.client.getMandate(mandate.id!)).status).toBe('submitted');
      await subject.advanceWorkingDays(2);
      expect((await subject.client.getMandate(mandate.id!)).status).toBe('active');
      expect((await subject.client.getMandate(failing.id!)).status).toBe('failed');
      const active = await subject.client.getMandate(mandate.id!);
      const payment = await subject.client.createPayment({
        amount: 2000,
        currency: 'GBP',
        charge_date: active.next_possible_charge_date!,
        links: { mandate: mandate.id! },
      });
      await subject.advanceWorkingDays(4);
      expect((await subject.client.getPayment(payment.id!)).status).toBe('paid_out');
    });
  });
}
