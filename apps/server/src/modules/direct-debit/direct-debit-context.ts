import { maskAccountNumber, maskSortCode } from '@lido/contracts/bank-details';
import type { CalendarDate } from '@lido/pricing/calendar-date';
import { currencySymbol } from '@lido/pricing/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { GoCardlessClient } from '../../providers/direct-debit/gocardless-client.ts';
import type { EmailMessage } from '../../providers/email/email-provider.ts';
import type { RateLimiter } from '../auth/index.ts';
import type { EmailQueue } from '../email/index.ts';
import { requireOperator } from '../operator/index.ts';
import type { OperatorRepository } from '../operator/index.ts';
import type { Merchant } from './direct-debit-emails.ts';
import { contactWithHomeVenue } from './direct-debit.repository.ts';

/** What every part of the Direct Debit service is given. */
import type { recordMembershipEvent } from '../memberships/index.ts';
import type { waitingPriceNotices } from '../memberships/index.ts';
import type { clearPaymentProblem, markPaymentProblem } from '../memberships/index.ts';

export interface DirectDebitDeps {
  db: Db;
  client: GoCardlessClient | undefined;
  providerName: string;
  operators: OperatorRepository;
  email: EmailQueue;
  today: () => CalendarDate;
  log: FastifyBaseLogger;
  limiter: RateLimiter;
  clock: () => Date;
  /**
   * The memberships module's side (passed in by the composition root, as memberships use this
   * module): a collection's outcome on the member's timeline, the price changes waiting, and the
   * payment mark a failure puts on a membership and its putting right takes off.
   */
  memberships: {
    recordEvent: typeof recordMembershipEvent;
    waitingPriceNotices: typeof waitingPriceNotices;
    markPaymentProblem: typeof markPaymentProblem;
    clearPaymentProblem: typeof clearPaymentProblem;
  };
}

/** A mandate in one of these states collects nothing more. */
export const endedMandate = new Set([
  'failed',
  'cancelled',
  'expired',
  'setup_failed',
  'blocked',
  'consumed',
]);

/** How a stored instruction shows its account: only the two digits we keep. */
export const maskedAccount = (instruction: { accountNumberEnding: string; sortCodeEnding: string }) => ({
  accountNumber: maskAccountNumber(`000000${instruction.accountNumberEnding}`),
  sortCode: maskSortCode(`0000${instruction.sortCodeEnding}`),
});

type Payee = { email: string; firstName: string };
export type Payer = Merchant & { symbol: string };

/** The helpers the Direct Debit concerns share: the provider, who writes, who reads. */
export function directDebitContext(deps: DirectDebitDeps) {
  const requireClient = () => {
    if (!deps.client)
      throw new HttpError(503, 'Direct Debit is not available just now. Please try again later.');
    return deps.client;
  };

  /**
   * The email's reader and sender (the operator as a Bacs merchant, with the customer's home venue
   * as its address); undefined when the customer is gone. The reader and their venue are one read.
   */
  async function parties(customerId: number, executor: Executor = deps.db) {
    const [found, operator] = await Promise.all([
      contactWithHomeVenue(executor, customerId),
      requireOperator(deps.operators, executor),
    ]);
    if (!found) return undefined;
    const from: Payer = {
      name: operator.name,
      serviceUserName: operator.directDebitServiceUserName,
      email: operator.customerServiceEmail,
      address:
        found.venueName !== null
          ? `${found.venueName}, ${found.address1}, ${found.town} ${found.postcode}`
          : operator.name,
      symbol: currencySymbol(operator.currency),
    };
    return { who: { email: found.email, firstName: found.firstName }, from };
  }

  /**
   * An email sent once: the claim (a stamp on our row) and the queued email commit together, so
   * two runs at once (the order and the minute job) queue it once, and a crash after the claim
   * cannot lose it.
   */
  async function emailOnce(input: {
    customerId: number;
    claim: (tx: Tx) => Promise<boolean>;
    message: (who: Payee, from: Payer) => EmailMessage;
    dedupeKey: string;
  }) {
    const found = await parties(input.customerId);
    if (!found) return;
    const queued = await deps.db.transaction(async (tx) => {
      if (!(await input.claim(tx))) return false;
      await deps.email.send(input.message(found.who, found.from), { tx, dedupeKey: input.dedupeKey });
      return true;
    });
    if (queued) deps.email.nudge();
  }

  return { ...deps, requireClient, parties, emailOnce };
}
export type DirectDebitContext = ReturnType<typeof directDebitContext>;
