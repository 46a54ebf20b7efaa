import { currencySymbol } from '@lido/pricing/money';
import { zoneOffsetWindow } from '@lido/pricing/zoned-clock';
import fs from 'node:fs';
import path from 'node:path';
import type { ClientSettings } from '@lido/contracts/client-settings';
import type { Config, SiteOrigins } from '../../config.ts';
import { requireOperator } from '../operator/index.ts';
import type { OperatorReads } from '../catalogue/index.ts';

export function createClientService(config: Config, repository: OperatorReads, clock: () => Date) {
  return {
    async settings(siteOrigins: SiteOrigins): Promise<ClientSettings> {
      const operator = await requireOperator(repository);
      return {
        id: operator.id,
        name: operator.name,
        mapApiKey: config.map.apiKey ?? null,
        mapStyleUrl: config.map.styleUrl ?? null,
        onlineJoiningMapEnabled: operator.onlineJoiningMapEnabled,
        onlineJoiningEnabled: operator.onlineJoiningEnabled,
        onlineGuestPassesEnabled: operator.onlineGuestPassesEnabled,
        collectDirectDebitBillingAddress:
          config.directDebitBillingAddress ?? operator.collectDirectDebitBillingAddress,
        directDebitProvider: operator.directDebitProvider,
        directDebitServiceUserName: operator.directDebitServiceUserName,
        customerServiceEmail: operator.customerServiceEmail,
        availableBillingDates: [...operator.availableBillingDates].sort((a, b) => a - b),
        kioskHomeUrl: config.kioskHomeUrl ?? null,
        languages: config.languages,
        kioskIdle: config.kioskIdle,
        savedCardsEnabled: operator.savedCardsEnabled,
        currency: operator.currency,
        currencySymbol: currencySymbol(operator.currency),
        siteUrls: {
          bookings: siteOrigins.bookings,
          myAccount: siteOrigins['my-account'],
          onlineJoining: siteOrigins['online-joining'],
        },
        errorReportingDsn: config.sentryDsn ?? null,
        // Offered only when the operator supplied the licensed file (see http/operator-fonts.ts).
        fonts: {
          garageGothicUrl: fs.existsSync(path.join(config.fontsDir, 'garage-gothic-bold.woff2'))
            ? '/operator-fonts/garage-gothic-bold.woff2'
            : null,
        },
        analytics: {
          gaMeasurementId: config.analytics.gaMeasurementId ?? null,
          gtmContainerId: config.analytics.gtmContainerId ?? null,
        },
        timeZone: config.timeZone,
        timeZoneOffset: zoneOffsetWindow(config.timeZone, clock()),
      };
    },
  };
}
