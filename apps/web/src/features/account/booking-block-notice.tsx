import type { MyBookingBlock } from '@lido/contracts/registers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';
import { useSession } from '../../app/session/use-session.ts';
import { accountWords } from './words.ts';

const myBookingBlockQuery = queryOptions({
  queryKey: ['auth', 'booking-block'],
  queryFn: () => apiGet<MyBookingBlock>('my-account/booking-block'),
});

/**
 * Online booking stopped by strikes or a fee owed (decision 0096, 0101): why and until when, in the
 * same words as the session pages, rather than only that it is stopped.
 */
export function BookingBlockNotice() {
  const { user } = useSession();
  const stopped = user?.hasOutstandingPenalties === true;
  const block = useQuery({ ...myBookingBlockQuery, enabled: stopped });
  if (!stopped) return null;
  return (
    <div className="notice notice--warning">
      <p className="notice__title">{accountWords('cantBookOnline')}</p>
      {/* Said while the reason loads, or if it can't be read. */}
      <p>{block.data?.blocked ?? accountWords('penaltyNoReason')}</p>
    </div>
  );
}
