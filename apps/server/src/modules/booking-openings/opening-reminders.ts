import type { Db } from '../../db/client.ts';
import { customerContact } from '../customers/index.ts';
import { paragraphsEmail } from '../direct-debit/index.ts';
import type { EmailQueue } from '../email/index.ts';
import type { OpeningRow } from './booking-openings.repository.ts';
import { claimDueReminders } from './opening-announcements.repository.ts';

/** How many reminders one run claims: a big opening's are sent over a few runs, none twice. */
const batch = 200;

/**
 * The reminders customers asked for, emailed when the opening's waiting room opens (issue 39 item
 * 1, decision 0098). Each is claimed and its email queued in one transaction with a dedupe key, so
 * however many instances run the job, and whenever one dies, each customer is reminded once.
 */
export function createOpeningReminders(deps: {
  db: Db;
  email: EmailQueue;
  clock: () => Date;
  /** the bookings site's public origin, for the waiting room's link */
  bookingsOrigin: string;
  opensText: (opening: OpeningRow) => string;
}) {
  return {
    async sendDue(): Promise<number> {
      let sent = 0;
      for (;;) {
        const queued = await deps.db.transaction(async (tx) => {
          const due = await claimDueReminders(tx, deps.clock(), batch);
          for (const { customerId, opening } of due) {
            const who = await customerContact(tx, customerId);
            if (!who) continue;
            const link = `${deps.bookingsOrigin}/openings/${opening.id}`;
            await deps.email.send(
              paragraphsEmail(who.email, `The waiting room is open: ${opening.name}`, [
                `Hello ${who.firstName},`,
                `You asked us to tell you when the waiting room for ${opening.name} opened. It is open now.`,
                `${deps.opensText(opening)}. Everyone in the waiting room by then is given a place in the queue at random, so there is no need to hurry: just be there before it opens.`,
                `Go to the waiting room: ${link}`,
              ]),
              { tx, dedupeKey: `opening-reminder:${opening.id}:${customerId}` },
            );
          }
          return due.length;
        });
        sent += queued;
        if (queued < batch) break;
      }
      if (sent > 0) deps.email.nudge();
      return sent;
    },
  };
}
