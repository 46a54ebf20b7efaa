import type { MembershipReads, OperatorReads } from '../catalogue/index.ts';
import type { PromotionAsker } from './memberships.service.ts';

/** What a joining price is asked for: type, option, the costs query, and who asks for a promotion. */
export type PricedLineArgs = [
  typeId: number,
  optionId: number,
  query: {
    startDate: string;
    billingDay?: number | undefined;
    venueId: number;
    promotionCodeId?: number | undefined;
  },
  asker: PromotionAsker,
];

/** The reads joining is priced from: the database, or the cached catalogue. */
export interface Reads {
  operators: Pick<OperatorReads, 'current' | 'venues'>;
  memberships: Pick<MembershipReads, 'optionWithType' | 'typesAtVenue'>;
}
