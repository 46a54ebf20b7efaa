import type { Executor } from '../../db/client.ts';
import { waiveNoShowFees } from '../penalty-fees/index.ts';
import { upsertAttendance, withdrawNoShowStrike } from './registers.repository.ts';

/**
 * Marks bookings attended (issue 35 items 4 and 5, decision 0096), for the register and for the
 * check-in page: call it in the transaction of the check-in it belongs to. Idempotent: a booking
 * already marked attended is left as it was; one marked no-show becomes attended and its no-show
 * strike stops counting (a strike a manager removed stays removed) and its unpaid no-show fee is no
 * longer owed (decision 0101). Cancelled bookings are skipped.
 * Answers the bookings whose mark this call set or changed.
 */
export async function markAttended(
  ex: Executor,
  input: { bookingIds: number[]; staffUserId: number | null; source: 'register' | 'check-in' },
): Promise<number[]> {
  const changed = await upsertAttendance(ex, { ...input, status: 'attended' });
  await withdrawNoShowStrike(ex, changed);
  await waiveNoShowFees(ex, changed);
  return changed;
}
