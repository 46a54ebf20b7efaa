import { prettyDate } from '@lido/pricing/calendar-date';
import { currencySymbol, toMoney } from '@lido/pricing/money';
import type { CustomerRow } from '../auth/auth.repository.ts';
import type { OperatorRepository } from '../operator/operator.repository.ts';
import { requireOperator } from '../operator/current-operator.ts';
import type { AccountRepository } from './account.repository.ts';

const statusLabels = {
  pending: 'Pending',
  pending_eligibility: 'Pending proof of eligibility',
  active: 'Active',
  ended: 'Ended',
  cancelled: 'Cancelled',
} as const;

export function createAccountService(deps: { operators: OperatorRepository; account: AccountRepository }) {
  return {
    /** GET /api/my-account/memberships: the logged-in customer's memberships. */
    async memberships(customer: CustomerRow) {
      const operator = await requireOperator(deps.operators);
      const symbol = currencySymbol(operator.currency);
      const rows = await deps.account.membershipsOf(customer.id);
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
      }));
    },
  };
}
