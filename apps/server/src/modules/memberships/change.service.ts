import type { MembershipType } from '@lido/contracts/membership';
import { type CalendarDate, isCalendarDate, ukDate } from '@lido/pricing/calendar-date';
import { changeCosts, changeWindow } from '@lido/pricing/change-and-renewal';
import { anchorDate } from '@lido/pricing/membership-costs';
import { moneyFormat } from '@lido/pricing/money';
import { HttpError, ValidationError } from '../../http/errors.ts';
import type { AccountRepository } from '../account/index.ts';
import type { CustomerRow } from '../auth/index.ts';
import { itemNotFoundMessage, requireOperator } from '../operator/index.ts';
import type { OperatorRepository } from '../operator/index.ts';
import type { createMembershipsService } from './memberships.service.ts';

/** Changing a monthly membership for another monthly one (pricing.md, "Change of membership"). */
export function createChangeService(deps: {
  operators: OperatorRepository;
  account: AccountRepository;
  memberships: ReturnType<typeof createMembershipsService>;
  today: () => CalendarDate;
}) {
  async function changeable(customer: CustomerRow, membershipId: number) {
    const held = await deps.account.heldMembership(customer.id, membershipId);
    if (!held) throw new HttpError(404, itemNotFoundMessage);
    if (held.status !== 'active' || held.billingDay === null) {
      throw new HttpError(422, 'Only an active monthly membership can be changed.', {
        errors: { membershipId: ['Only an active monthly membership can be changed.'] },
      });
    }
    return held;
  }

  /** What the member could change to: other memberships at their centre, monthly options only. */
  async function options(customer: CustomerRow, membershipId: number): Promise<MembershipType[]> {
    const held = await changeable(customer, membershipId);
    const types = await deps.memberships.typesAtVenue(held.homeVenueId, customer);
    return types
      .filter((type) => type.id !== held.membershipTypeId)
      .map((type) => ({
        ...type,
        paymentOptions: type.paymentOptions.filter((option) => option.paymentType === 'recurring'),
      }))
      .filter((type) => type.paymentOptions.length > 0);
  }

  /** What changing to the option from `startsAt` costs: the quote both the costs call and the basket use. */
  async function quote(customer: CustomerRow, membershipId: number, optionId: number, startsAt: string) {
    const operator = await requireOperator(deps.operators);
    const held = await changeable(customer, membershipId);
    const type = (await options(customer, membershipId)).find((candidate) =>
      candidate.paymentOptions.some((option) => option.id === optionId),
    );
    const option = type?.paymentOptions.find((candidate) => candidate.id === optionId);
    if (!type || !option) throw new HttpError(404, itemNotFoundMessage);
    const purchase = await deps.memberships.purchase(held.homeVenueId, type.id, option.id, customer);
    if (!purchase.buyable) throw new ValidationError({ optionId: [purchase.message] });
    const today = deps.today();
    // The held membership ends the day before the change, so it must have started by then.
    if (isCalendarDate(startsAt) && startsAt <= held.startDate) {
      throw new ValidationError({
        startsAt: [`The change date must be after your membership starts on ${ukDate(held.startDate)}.`],
      });
    }
    // The window checked here is the one the answer states (`changeCosts` takes the same start).
    const window = changeWindow(today, held.startDate);
    if (!isCalendarDate(startsAt) || startsAt < window.min || startsAt > window.max) {
      throw new ValidationError({
        startsAt: [`The change date must be between ${ukDate(window.min)} and ${ukDate(window.max)}.`],
      });
    }
    const { money, symbol } = moneyFormat(operator.currency);
    const nextCollectionDate = anchorDate(startsAt, held.billingDay!);
    const costs = changeCosts(
      {
        oldMonthlyPrice: held.pricePence,
        newMonthlyPrice: await deps.memberships.optionPricePence(option.id),
        changeDate: startsAt,
        nextCollectionDate,
        heldStartDate: held.startDate,
        currencySymbol: symbol,
      },
      today,
    );
    return { held, type, option, costs, money, nextCollectionDate };
  }

  return {
    options,
    quote,
    async costs(customer: CustomerRow, membershipId: number, optionId: number, startsAt: string) {
      const { type, option, costs, money } = await quote(customer, membershipId, optionId, startsAt);
      return {
        totalDueNow: {
          ...money(costs.totalDueNow),
          composition: { monthInHand: money(costs.proRataDifference), fees: money(costs.changeFee) },
        },
        newMembershipPrice: money(costs.newMembershipPrice),
        differenceToOldMembership: costs.differenceToOldMembership,
        startsAt: costs.startsAt,
        membershipType: { id: type.id, name: type.name, monthInHand: option.takesMonthInHand },
      };
    },
  };
}
