import { type CalendarDate, prettyDate } from '@lido/pricing/calendar-date';
import { currencySymbol, toMoney } from '@lido/pricing/money';
import type { CustomerRow } from '../auth/auth.repository.ts';
import type { OperatorRepository } from '../operator/operator.repository.ts';
import { requireOperator } from '../operator/current-operator.ts';
import type { AccountRepository } from './account.repository.ts';
import { paymentProblems } from '../direct-debit/direct-debit.service.ts';
import type { HeldFreeze } from '@lido/contracts/membership-freeze';

const statusLabels = {
  pending: 'Pending',
  pending_eligibility: 'Pending proof of eligibility',
  active: 'Active',
  ended: 'Ended',
  cancelled: 'Cancelled',
} as const;

export function createAccountService(deps: {
  operators: OperatorRepository;
  account: AccountRepository;
  today: () => CalendarDate;
  heldFreezes: (membershipIds: number[]) => Promise<Map<number, HeldFreeze>>;
}) {
  return {
    /** GET /api/my-account/memberships: the logged-in customer's memberships. */
    async memberships(customer: CustomerRow) {
      const operator = await requireOperator(deps.operators);
      const symbol = currencySymbol(operator.currency);
      const rows = await deps.account.membershipsOf(customer.id);
      const freezes = await deps.heldFreezes(rows.map((row) => row.membership.id));
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
        // the page offers it; the freeze rule itself decides (planFreeze)
        canFreeze:
          option.paymentType === 'recurring' &&
          membership.status === 'active' &&
          membership.cancelRequestedAt === null &&
          !freezes.has(membership.id),
        cancelKind: membership.cancelKind,
      }));
    },

    async packages(customer: CustomerRow) {
      const today = deps.today();
      return (await deps.account.packagesOf(customer.id)).map(({ item, venueName }) => ({
        id: item.id,
        name: item.name,
        venueName,
        totalUses: item.totalUses,
        remainingUses: item.remainingUses,
        expiresOn: item.expiresOn,
        prettyExpiresOn: prettyDate(item.expiresOn),
        expired: item.expiresOn < today,
      }));
    },

    async guestPasses(customer: CustomerRow) {
      const today = deps.today();
      return (await deps.account.guestPassesOf(customer.id)).map(({ item, venueName }) => ({
        id: item.id,
        venueName,
        validFrom: item.validFrom,
        validTo: item.validTo,
        prettyValidTo: prettyDate(item.validTo),
        status: item.usedOn
          ? ('used' as const)
          : item.validTo < today
            ? ('expired' as const)
            : ('available' as const),
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
