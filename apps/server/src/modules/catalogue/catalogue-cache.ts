import type { CatalogueSnapshot, CatalogueSnapshotRepository } from './catalogue-snapshot.repository.ts';

/** How often an instance asks the database whether the catalogue moved (decision 0038). */
export const defaultCatalogueCheckMs = 1000;

/**
 * The operator's catalogue held in this process and shared by every request, correct across
 * instances (decision 0038). The database's `catalogue_version` moves with any change to a cached
 * table; each instance reads that one number at most once per `checkEveryMs`, lazily when a request
 * comes, and reloads everything when it moved. Staleness bound: a request that starts more than
 * `checkEveryMs` after a change commits is answered from the changed catalogue, because the check
 * it relies on started after the commit. With `checkEveryMs` 0 every request checks (one tiny read).
 * Concurrent requests share one check and one reload; a failed one is retried by the next request.
 */
export function createCatalogueCache(
  repository: CatalogueSnapshotRepository,
  { checkEveryMs = defaultCatalogueCheckMs, now = () => performance.now() } = {},
) {
  let snapshot: CatalogueSnapshot | undefined;
  /** when the check that last confirmed or replaced `snapshot` started */
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: { startedAt: number; done: Promise<CatalogueSnapshot> } | undefined;

  /** A load under way, shared by the checks that find the version moved while it runs. */
  let loading: Promise<CatalogueSnapshot> | undefined;

  async function loaded(version: number): Promise<CatalogueSnapshot> {
    const pending = loading;
    if (pending) {
      const shared = await pending;
      // A load that began before this version was written may hold older rows: load again.
      if (shared.version >= version) return shared;
    }
    const started = repository.load();
    loading = started;
    try {
      return await started;
    } finally {
      if (loading === started) loading = undefined;
    }
  }

  async function check(startedAt: number): Promise<CatalogueSnapshot> {
    const version = await repository.version();
    const found = snapshot?.version === version ? snapshot : await loaded(version);
    // Checks may overlap (interval 0): the one that started last decides what is current.
    if (startedAt >= checkedAt) {
      snapshot = found;
      checkedAt = startedAt;
    }
    return found;
  }

  return {
    /**
     * The catalogue if a check started no longer than the interval ago, without waiting: for
     * callers inside a transaction, which must not start a read of their own beside it (PGlite
     * runs one statement at a time, so that read would wait for the transaction it sits in).
     */
    fresh(): CatalogueSnapshot | undefined {
      return snapshot && now() - checkedAt < checkEveryMs ? snapshot : undefined;
    },
    /**
     * The catalogue as of now, for what a customer is charged: one read of the version, and the
     * snapshot kept while it has not moved (a reload when it has).
     */
    checked(): Promise<CatalogueSnapshot> {
      return check(now());
    },
    /** The catalogue as of a check that started no longer than the interval ago. */
    current(): Promise<CatalogueSnapshot> {
      const at = now();
      if (snapshot && at - checkedAt < checkEveryMs) return Promise.resolve(snapshot);
      // Joining a check under way keeps the bound only if that check started within the interval.
      if (checking && at - checking.startedAt < checkEveryMs) return checking.done;
      const started = { startedAt: at, done: check(at) };
      checking = started;
      void started.done
        .finally(() => {
          if (checking === started) checking = undefined;
        })
        .catch(() => undefined);
      return started.done;
    },
  };
}
export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
