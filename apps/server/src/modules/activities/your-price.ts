import {
  type BookingBenefit,
  benefitCovers,
  benefitDiscount,
  benefitPeriodStart,
  benefitsInOrder,
} from '@lido/pricing/benefits';

/**
 * What one attendee pays for a place, and why (issue 33 item 4, decision 0088): the same order the
 * basket applies when the place is added (decision 0048): the best membership benefit with a use
 * left in the session's period, else a package that covers it, else the band's price. Pure: the
 * service reads the attendee's allowances once per answer and this is asked per session and band.
 */

/** A benefit of one of the attendee's active memberships, as `benefitsOfAttendee` reads it. */
export interface AllowanceBenefit {
  membershipName: string;
  startDate: string;
  endDate: string | null;
  freezes: { startsOn: string; endsOn: string }[];
  benefit: BookingBenefit;
  counts: { periodStart: string; used: number }[];
}

/** A package of the attendee's with uses left. */
export interface AllowancePackage {
  name: string;
  venueId: number;
  remainingUses: number;
  expiresOn: string;
  covers: { categories?: string[]; activities?: string[] };
}

export interface Allowances {
  benefits: AllowanceBenefit[];
  packages: AllowancePackage[];
}

export const noAllowances: Allowances = { benefits: [], packages: [] };

/** The session a place is in, as choosing what pays for it needs it. */
export interface PlaceFacts {
  activityKey: string;
  categoryKey: string;
  venueId: number;
  /** the session's local date */
  date: string;
}

export interface YourPrice {
  pence: number;
  /** "Included in your Swim Unlimited", "Paid with your 10 swims"; null at the band's price */
  because: string | null;
}

/** "your" for the customer themself, "Maya's" for a family member they book for. */
const whose = (attendeeName: string | null) => (attendeeName === null ? 'your' : `${attendeeName}’s`);

function benefitGives(row: AllowanceBenefit, date: string): boolean {
  if (row.startDate > date || (row.endDate !== null && row.endDate < date)) return false;
  // A frozen membership gives nothing on its frozen days ([starts_on, ends_on)).
  return !row.freezes.some((freeze) => freeze.startsOn <= date && date < freeze.endsOn);
}

function usesLeft(row: AllowanceBenefit, date: string): boolean {
  if (row.benefit.totalUses === null) return true;
  const period = benefitPeriodStart(row.benefit.frequency, date, row.startDate);
  const used = row.counts.find((count) => count.periodStart === period)?.used ?? 0;
  return used < row.benefit.totalUses;
}

/** What the attendee pays for one place at `unitPricePence`, and why, before anything is added. */
export function yourPrice(
  allowances: Allowances,
  place: PlaceFacts,
  unitPricePence: number,
  attendeeName: string | null,
): YourPrice {
  if (unitPricePence <= 0) return { pence: 0, because: null };
  const activity = { key: place.activityKey, categoryKey: place.categoryKey };
  const giving = allowances.benefits.filter(
    (row) => benefitGives(row, place.date) && usesLeft(row, place.date),
  );
  const withRow = giving.map((row) => ({ ...row.benefit, row }));
  const [best] = benefitsInOrder(withRow, activity, unitPricePence);
  if (best) {
    const off = benefitDiscount(unitPricePence, best.discountPercent);
    const pence = unitPricePence - off;
    const name = `${whose(attendeeName)} ${best.row.membershipName}`;
    return {
      pence,
      because: pence === 0 ? `Included in ${name}` : `${best.discountPercent}% off with ${name}`,
    };
  }
  const packaged = allowances.packages
    .filter(
      (pack) =>
        pack.venueId === place.venueId &&
        pack.remainingUses >= 1 &&
        pack.expiresOn >= place.date &&
        benefitCovers(pack, activity),
    )
    .sort((a, b) => a.expiresOn.localeCompare(b.expiresOn))[0];
  if (packaged) return { pence: 0, because: `Paid with ${whose(attendeeName)} ${packaged.name}` };
  return { pence: unitPricePence, because: null };
}
