import { type CalendarDate, prettyDate } from '@lido/pricing/calendar-date';
import { currencySymbol, toMoney } from '@lido/pricing/money';
import type { PackageUse } from '@lido/contracts/packages';
import type { PackageCovers } from '../../db/schema.ts';
import type { CustomerRow } from '../auth/index.ts';
import type { OperatorRepository } from '../operator/index.ts';
import { requireOperator } from '../operator/index.ts';
import type { AccountRepository } from './account.repository.ts';
import { collectionFor, paymentProblems, type UpcomingCollection } from '../direct-debit/index.ts';
import type { HeldFreeze } from '@lido/contracts/membership-freeze';
import type { HeldPriceChange } from '../memberships/index.ts';

const statusLabels = {
  pending: 'Pending',
  pending_eligibility: 'Pending proof of eligibility',
  active: 'Active',
  ended: 'Ended',
  cancelled: 'Cancelled',
} as const;

/** A waiting price change, as the membership card says it: "Your price changes to £X from D". */
function priceChangeView(change: HeldPriceChange | undefined, currency: string, symbol: string) {
  if (!change) return null;
  return {
    price: toMoney(change.newPricePence, currency, symbol),
    firstDate: change.firstBillingDate,
    prettyFirstDate: prettyDate(change.firstBillingDate),
  };
}

export function createAccountService(deps: {
  /** what each package covers and its history (decision 0049) */
  packagesDetails: (
    packages: { id: number; covers: PackageCovers }[],
  ) => Promise<Map<number, { covers: string; history: PackageUse[] }>>;
  operators: OperatorRepository;
  account: AccountRepository;
  today: () => CalendarDate;
  heldFreezes: (membershipIds: number[]) => Promise<Map<number, HeldFreeze>>;
  /** the names of the customer's dependants, by id (family accounts, decision 0051) */
  dependantNames: (holderId: number) => Promise<Map<number, string>>;
  heldPriceChanges: (membershipIds: number[]) => Promise<Map<number, HeldPriceChange>>;
  /** each membership's Direct Debit collections, recorded and to come (issue 33) */
  upcomingCollections: (membershipIds: number[]) => Promise<Map<number, UpcomingCollection[]>>;
}) {
  return {
    /** GET /api/my-account/memberships: the logged-in customer's memberships. */
    async memberships(customer: CustomerRow) {
      const operator = await requireOperator(deps.operators);
      const symbol = currencySymbol(operator.currency);
      // A dependant's memberships are listed too, with their name: seen here, managed at the centre.
      const family = await deps.dependantNames(customer.id);
      const rows = await deps.account.membershipsOf([customer.id, ...family.keys()]);
      const freezes = await deps.heldFreezes(rows.map((row) => row.membership.id));
      const priceChanges = await deps.heldPriceChanges(rows.map((row) => row.membership.id));
      const collections = await deps.upcomingCollections(rows.map((row) => row.membership.id));
      // The next one still to be taken, as the collection engine will take it (a freeze's fee, …).
      const nextCollection = (membershipId: number) => {
        const next = collections
          .get(membershipId)
          ?.find((collection) => collection.state === 'due' || collection.state === 'requested');
        return next
          ? {
              date: next.date,
              prettyDate: prettyDate(next.date),
              amount: toMoney(next.amountPence, operator.currency, symbol),
              description: collectionFor(next),
            }
          : null;
      };
      return rows.map(({ membership, option, typeName, typeSlug, venueName, venueSlug, categories }) => ({
        id: membership.id,
        name: typeName,
        slug: typeSlug,
        categories,
        status: membership.status,
        statusLabel: statusLabels[membership.status],
        startDate: membership.startDate,
        prettyStartDate: prettyDate(membership.startDate),
        endDate: membership.endDate,
        prettyEndDate: membership.endDate ? prettyDate(membership.endDate) : null,
        billingDay: membership.billingDay,
        paymentType: option.paymentType,
        fixedDuration: option.fixedDuration,
        fixedPeriod: option.fixedPeriod,
        price: toMoney(membership.pricePence, operator.currency, symbol),
        homeVenue: { name: venueName, slug: venueSlug },
        paymentProblem: membership.paymentProblem
          ? { code: membership.paymentProblem, label: paymentProblems[membership.paymentProblem].label }
          : null,
        freeze: freezes.get(membership.id) ?? null,
        priceChange: priceChangeView(priceChanges.get(membership.id), operator.currency, symbol),
        nextCollection: nextCollection(membership.id),
        // the page offers it; the freeze rule itself decides (planFreeze)
        canFreeze:
          membership.customerId === customer.id &&
          option.paymentType === 'recurring' &&
          membership.status === 'active' &&
          membership.cancelRequestedAt === null &&
          !freezes.has(membership.id),
        cancelKind: membership.cancelKind,
        ...(family.has(membership.customerId) ? { memberName: family.get(membership.customerId)! } : {}),
      }));
    },

    async packages(customer: CustomerRow) {
      const today = deps.today();
      const rows = await deps.account.packagesOf(customer.id);
      const details = await deps.packagesDetails(rows.map(({ item }) => item));
      return rows.map(({ item, venueName }) => ({
        id: item.id,
        name: item.name,
        venueName,
        totalUses: item.totalUses,
        remainingUses: item.remainingUses,
        expiresOn: item.expiresOn,
        prettyExpiresOn: prettyDate(item.expiresOn),
        expired: item.expiresOn < today,
        covers: details.get(item.id)?.covers ?? '',
        history: details.get(item.id)?.history ?? [],
      }));
    },

    /** The Payments page: each paid order with its lines; `orderId` narrows to one receipt. */
    async payments(customer: CustomerRow, orderId?: number) {
      const operator = await requireOperator(deps.operators);
      const symbol = currencySymbol(operator.currency);
      const money = (pence: number) => toMoney(pence, operator.currency, symbol);
      return (await deps.account.ordersOf(customer.id, orderId)).map(({ order, venueName, items }) => ({
        id: order.id,
        reference: order.reference,
        date: (order.completedAt ?? order.createdAt).toISOString(),
        prettyDate: prettyDate((order.completedAt ?? order.createdAt).toISOString().slice(0, 10)),
        status: order.status,
        venueName,
        paymentMethod: order.paymentMethod,
        cardLastFour: order.cardLastFour,
        total: money(order.totalPence),
        tax: money(order.taxPence),
        items: items.map((item) => ({
          type: item.itemType,
          description: item.description,
          price: money(item.amountPence),
        })),
      }));
    },
  };
}
