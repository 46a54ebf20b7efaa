/** How old the places left shown to visitors may be (decision 0061). */
export const defaultPlacesFreshMs = 1000;

interface Entry<Value> {
  startedAt: number;
  /** what the value was read against (the catalogue snapshot): another tag is another value */
  tag: unknown;
  value: Promise<Value>;
}

/**
 * Reads shared by the requests of a short window (decision 0061): a value is read again once its
 * read started `freshMs` or more ago, or when its tag changed, so an answer is never older than a
 * read that started within `freshMs` of the request. Concurrent requests share one read under way,
 * a failed read is forgotten (the next request reads again), and at most `maxEntries` keys are
 * kept (the oldest read goes first), so odd keys cannot fill the memory. `freshMs` 0 reads every time.
 */
export function createFreshReads<Value>({
  freshMs,
  maxEntries,
  now = () => performance.now(),
}: {
  freshMs: number;
  maxEntries: number;
  now?: () => number;
}) {
  const entries = new Map<string, Entry<Value>>();
  return {
    read(key: string, tag: unknown, load: () => Promise<Value>): Promise<Value> {
      const at = now();
      const found = entries.get(key);
      if (found && found.tag === tag && at - found.startedAt < freshMs) return found.value;
      const entry: Entry<Value> = { startedAt: at, tag, value: load() };
      // Re-inserted so the map's order stays the order reads started in.
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
  };
}
