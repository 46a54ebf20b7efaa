/**
 * Positions in an opening's queue from memory (issue 39 item 3, decision 0106). At an opening some
 * thousands of waiting pages ask for their place within a second or two; counting the tickets ahead
 * in PostgreSQL for each was the opening's slowest work. Instead each instance keeps one read of the
 * opening's waiting tickets, sorted, and answers every poll by a binary search in it.
 *
 * The read is renewed when a poll shows the queue has moved since it was taken (the opening's last
 * tick is later than the one the read saw: only a tick lets anyone in) or when it is `freshMs` old.
 * A poll reads the opening's last tick itself just before, so its answer is never from before a
 * tick that an earlier poll, on either instance, was answered after: a customer's position never
 * goes up because their next poll reached the other instance. The read and the tick it saw come
 * from one statement, so they agree.
 */

/** One read of an opening's waiting tickets, and the tick it was read after (0: none yet). */
export interface WaitingRead {
  tick: number;
  /** the service's clock (ms) when the read began */
  at: number;
  /** ascending */
  tickets: Float64Array;
}

/** How many of the ascending `tickets` are below `ticket`: the waiting customers ahead of it. */
export function countBelow(tickets: Float64Array, ticket: number): number {
  let [low, high] = [0, tickets.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (tickets[middle]! < ticket) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function createWaitingPositions(deps: {
  /** the opening's waiting tickets (ascending) and its last tick (ms, 0 for none), read together */
  read: (openingId: number) => Promise<{ tick: number; tickets: number[] }>;
  /** the longest one read answers for */
  freshMs: number;
}) {
  /** The latest read of each opening, under way or done: polls at the same moment share it. */
  const reads = new Map<number, Promise<WaitingRead>>();

  function readNow(openingId: number, at: number): Promise<WaitingRead> {
    const read = deps.read(openingId).then(({ tick, tickets }) => ({
      tick,
      at,
      tickets: Float64Array.from(tickets),
    }));
    reads.set(openingId, read);
    // A failed read is forgotten: the next poll reads again.
    read.catch(() => {
      if (reads.get(openingId) === read) reads.delete(openingId);
    });
    return read;
  }

  /** A read as the opening's tick `seenTick` (or a later one) left the queue, begun within `freshMs`. */
  async function readFor(openingId: number, seenTick: number, now: number): Promise<WaitingRead> {
    const usable = (read: WaitingRead | undefined): read is WaitingRead =>
      read !== undefined && read.tick >= seenTick && now >= read.at && now - read.at < deps.freshMs;
    // The read kept may be under way, begun before that tick; another poll may have begun a newer
    // one while this waited for it. Failing both, this poll begins one.
    const kept = reads.get(openingId);
    if (kept) {
      const read = await kept.catch(() => undefined);
      if (usable(read)) return read;
      const newer = reads.get(openingId);
      if (newer && newer !== kept) {
        const later = await newer.catch(() => undefined);
        if (usable(later)) return later;
      }
    }
    return readNow(openingId, now);
  }

  return {
    /**
     * How many waiting customers hold a lower ticket than `ticket`, as the opening's tick
     * `seenTick` (the one the poll just read) or a later one left the queue.
     */
    async ahead(openingId: number, seenTick: number, ticket: number, now: number): Promise<number> {
      return countBelow((await readFor(openingId, seenTick, now)).tickets, ticket);
    },
  };
}
