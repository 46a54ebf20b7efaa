import { addDays, type CalendarDate, prettyDate } from '@lido/pricing/calendar-date';
import { renewalReminderDue } from '@lido/pricing/membership-notices';
import type { Db } from '../../db/client.ts';
import { customerContact } from '../customers/index.ts';
import { paragraphsEmail } from '../direct-debit/index.ts';
import type { EmailQueue } from '../email/index.ts';
import { requireOperator } from '../operator/index.ts';
import type { OperatorRepository } from '../operator/index.ts';
import { recordMembershipEvent } from './membership-events.repository.ts';
import { singlePaymentsEndingBetween } from './renewal-reminders.repository.ts';

/**
 * A single payment membership's renewal reminder (issue 22 item 5): due from
 * `renewalReminderDate` (packages/pricing) until its last day, with a one-click renew link. The
 * timeline event and the queued email commit together under one dedupe key, so however many
 * instances run the job, each membership's term is reminded once.
 */
export function createRenewalReminders(deps: {
  db: Db;
  operators: OperatorRepository;
  email: EmailQueue;
  today: () => CalendarDate;
  /** the my-account site's public origin, for the renew link */
  myAccountOrigin: string;
}) {
  return {
    async sendDue(): Promise<number> {
      const operator = await requireOperator(deps.operators);
      const today = deps.today();
      // A reminder date moves back at most a few days over holidays: look a fortnight further.
      const horizon = addDays(today, operator.renewalReminderDays + 14);
      let sent = 0;
      for (const membership of await singlePaymentsEndingBetween(deps.db, today, horizon)) {
        const endDate = membership.endDate!;
        if (!renewalReminderDue(endDate, operator.renewalReminderDays, today)) continue;
        const key = `renewal-reminder:${membership.id}:${endDate}`;
        const queued = await deps.db.transaction(async (tx) => {
          const first = await recordMembershipEvent(tx, {
            customerMembershipId: membership.id,
            kind: 'renewal_reminder_sent',
            detail: { endDate },
            dedupeKey: key,
          });
          const who = first ? await customerContact(tx, membership.customerId) : undefined;
          if (!who) return false;
          const renewLink = `${deps.myAccountOrigin}/memberships?renew=${membership.id}`;
          await deps.email.send(
            paragraphsEmail(
              who.email,
              `Your ${membership.typeName} membership ends on ${prettyDate(endDate)}`,
              [
                `Hello ${who.firstName},`,
                `Your ${membership.typeName} membership ends on ${prettyDate(endDate)}. It does not renew by itself.`,
                `To carry on, renew it in one click: ${renewLink}`,
                `Questions: ${operator.customerServiceEmail}`,
              ],
            ),
            { tx, dedupeKey: key },
          );
          return true;
        });
        if (queued) sent += 1;
      }
      if (sent > 0) deps.email.nudge();
      return sent;
    },
  };
}
