import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createClientService } from './modules/client/client.service.ts';
import { createOperatorRepository } from './modules/operator/operator.repository.ts';
import { createThemeService } from './modules/theme/theme.service.ts';
import { createVenuesService } from './modules/venues/venues.service.ts';

/** Wires repositories into services once per app; routes receive only what they call. */
export function createServices(config: Config, database: DatabaseHandle) {
  const operators = createOperatorRepository(database.db);
  return {
    theme: createThemeService(config, operators),
    client: createClientService(config, operators),
    venues: createVenuesService(operators),
  };
}
export type AppServices = ReturnType<typeof createServices>;
