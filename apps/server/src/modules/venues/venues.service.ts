import type { Venue } from '@lido/contracts/venue';
import { requireOperator, requireVenue } from '../operator/index.ts';
import type { VenueRow } from '../operator/index.ts';
import type { OperatorReads } from '../catalogue/index.ts';

function toWire(row: VenueRow): Venue {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    address1: row.address1,
    address2: row.address2,
    town: row.town,
    postcode: row.postcode,
    lat: row.lat,
    lng: row.lng,
    placeType: row.placeType,
    canDisplayIneligibleMemberships: row.canDisplayIneligibleMemberships,
    displayVenueSelectionButton: row.displayVenueSelectionButton,
    activitiesV2Enabled: row.activitiesV2Enabled,
  };
}

export function createVenuesService(repository: OperatorReads) {
  return {
    async list(): Promise<Venue[]> {
      const operator = await requireOperator(repository);
      return (await repository.venues(operator.id)).map(toWire);
    },
    async bySlug(slug: string): Promise<Venue> {
      const operator = await requireOperator(repository);
      return toWire(await requireVenue(repository, operator.id, slug));
    },
    /** The footer HTML for a venue (its own, or the operator's), or the operator's without a venue. */
    async footer(slug: string | undefined): Promise<string> {
      const operator = await requireOperator(repository);
      if (!slug) return operator.footerHtml;
      const venue = await requireVenue(repository, operator.id, slug);
      return venue.footerHtml ?? operator.footerHtml;
    },
  };
}
