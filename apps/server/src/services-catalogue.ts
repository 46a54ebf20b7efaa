import type { DatabaseHandle } from './db/client.ts';
import { createActivitiesRepository, createLiveSessionsRepository } from './modules/activities/index.ts';
import {
  cachedActivityReads,
  cachedMembershipReads,
  cachedOperatorReads,
  createCatalogueCache,
  createCatalogueSnapshotRepository,
  defaultPlacesFreshMs,
  snapshotSource,
} from './modules/catalogue/index.ts';
import type { createMembershipsRepository } from './modules/memberships/index.ts';
import type { createOperatorRepository } from './modules/operator/index.ts';

/** The catalogue cache's check interval in ms (decision 0038), or `false` to read the database every time. */
export type CatalogueCacheSetting =
  | {
      checkEveryMs: number;
      /** how old the places left shown to visitors may be (decision 0061); default the smaller of 1 s and the check */
      placesFreshMs?: number;
    }
  | false;

/** Where the hot reads come from: the cached catalogue, or (setting `false`) the database each time. */
export function hotReads(
  database: DatabaseHandle,
  setting: CatalogueCacheSetting,
  operators: ReturnType<typeof createOperatorRepository>,
  memberships: ReturnType<typeof createMembershipsRepository>,
) {
  if (setting === false)
    return {
      operators,
      memberships,
      checked: () => Promise.resolve({ operators, memberships }),
      activities: createActivitiesRepository(database.db),
    };
  const cache = createCatalogueCache(createCatalogueSnapshotRepository(database.db), setting);
  return {
    operators: cachedOperatorReads(cache, operators),
    memberships: cachedMembershipReads(cache),
    // What a basket line is priced from: the catalogue as of now (one read of its version).
    checked: async () => {
      const source = snapshotSource(await cache.checked());
      return {
        operators: cachedOperatorReads(source, operators),
        memberships: cachedMembershipReads(source),
      };
    },
    activities: cachedActivityReads(cache, createLiveSessionsRepository(database.db), {
      placesFreshMs: setting.placesFreshMs ?? Math.min(setting.checkEveryMs, defaultPlacesFreshMs),
    }),
  };
}
