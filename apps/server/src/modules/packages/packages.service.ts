import type { PackageForSale } from '@lido/contracts/packages';
import type { Db } from '../../db/client.ts';
import { moneyFormat } from '@lido/pricing/money';
import { requireOperator } from '../operator/index.ts';
import type { OperatorRepository } from '../operator/index.ts';
import { activityIdsOf, coverNames, packagesOnSaleAt } from './package-catalogue.repository.ts';
import { coversText } from './package-words.ts';

/** The packages a centre sells, as the bookings site shows them (decision 0049). */
export function createPackagesService(deps: { db: Db; operators: OperatorRepository }) {
  return {
    /** GET /api/activities/venues/{slug}/packages: empty for a centre that sells none (or is unknown). */
    async onSaleAt(venueSlug: string): Promise<PackageForSale[]> {
      const operator = await requireOperator(deps.operators);
      const { money } = moneyFormat(operator.currency);
      const types = await packagesOnSaleAt(deps.db, venueSlug);
      const names = await coverNames(
        deps.db,
        types.map((type) => type.covers),
      );
      const activityIds = await activityIdsOf(
        deps.db,
        types.flatMap((type) => type.covers.activities),
      );
      return types.map((type) => ({
        id: type.id,
        name: type.name,
        description: type.description,
        uses: type.totalUses,
        validMonths: type.validMonths,
        covers: coversText(type.covers, names),
        coversCategories: type.covers.categories,
        coversActivityIds: type.covers.activities.flatMap((key) => activityIds.get(key) ?? []),
        price: money(type.pricePence),
      }));
    },
  };
}
