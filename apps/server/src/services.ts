import { type CalendarDate, todayIn } from '@lido/pricing/calendar-date';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createRateLimiter } from './modules/auth/rate-limiter.ts';
import { createClientService } from './modules/client/client.service.ts';
import { createMembershipsRepository } from './modules/memberships/memberships.repository.ts';
import { createMembershipsService } from './modules/memberships/memberships.service.ts';
import { createOperatorRepository } from './modules/operator/operator.repository.ts';
import { createThemeService } from './modules/theme/theme.service.ts';
import { createVenuesService } from './modules/venues/venues.service.ts';

/** Wires repositories into services once per app; routes receive only what they call. */
export function createServices(config: Config, database: DatabaseHandle, clock: () => Date) {
  const operators = createOperatorRepository(database.db);
  /** The operator's local date: every price and date rule is computed from it. */
  const today = (): CalendarDate => todayIn(config.timeZone, clock());
  return {
    auth: createAuthService({
      config,
      operators,
      auth: createAuthRepository(database.db),
      limiter: createRateLimiter(database.db, clock),
      clock,
    }),
    memberships: createMembershipsService({
      operators,
      memberships: createMembershipsRepository(database.db),
      today,
    }),
    theme: createThemeService(config, operators),
    client: createClientService(config, operators),
    venues: createVenuesService(operators),
  };
}
export type AppServices = ReturnType<typeof createServices>;
