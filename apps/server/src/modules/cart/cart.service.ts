import type { DirectDebitService } from '../direct-debit/direct-debit.service.ts';
import { requireDirectDebitFor } from '../direct-debit/direct-debit-required.ts';
import { validateBankDetails } from '@lido/contracts/bank-details';
import type { Cart, CartItem, CartTerms, JoiningMembershipBody } from '@lido/contracts/cart';
import type { Costs, MembershipType } from '@lido/contracts/membership';
import { type CalendarDate, prettyDate } from '@lido/pricing/calendar-date';
import { renewalStartDate } from '@lido/pricing/change-and-renewal';
import { currencySymbol, formatPence, toMoney } from '@lido/pricing/money';
import { HttpError, ValidationError } from '../../http/errors.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import type { CustomerRow } from '../auth/auth.repository.ts';
import type { createChangeService } from '../memberships/change.service.ts';
import type {
  createMembershipsService,
  PromotionAsker,
  PromotionClient,
} from '../memberships/memberships.service.ts';
import { itemNotFoundMessage, requireOperator } from '../operator/current-operator.ts';
import type { OperatorRepository } from '../operator/operator.repository.ts';
import type { CartItemRow, CartRepository, CartRow, NewCartItem } from './cart.repository.ts';

export interface MembershipLine {
  typeId: number;
  optionId: number;
  options: {
    startDate: string;
    billingDay?: number | undefined;
    venueId: number;
    promotionCodeId?: number | undefined;
  };
}

/** The costs as the costs call shapes them: a change's difference travels separately. */
function withoutChange(costs: CartItemRow['costs']): Costs {
  const rest: Costs & { change?: unknown } = { ...costs };
  delete rest.change;
  return rest;
}

/** How long after paying an empty basket answer still names the order the basket became. */
export const completedOrderShownForSeconds = 10 * 60;

export const alreadyInBasket = 'This membership is already in your basket.';
const ineligibleMessage = 'You are ineligible for the membership you selected.';

function optionLabel(costs: Pick<Costs, 'paymentType' | 'fixedDuration' | 'fixedPeriod'>): string {
  if (costs.paymentType === 'recurring') return 'Monthly';
  const duration = costs.fixedDuration ?? 1;
  return `${duration} ${costs.fixedPeriod ?? 'month'}${duration === 1 ? '' : 's'}`;
}

/**
 * The basket (platform spec, "Cart"): what the customer is about to pay for, priced by the server
 * from the same rules as the costs call. Loading never creates a basket; the first add does.
 */
export function createCartService(deps: {
  operators: OperatorRepository;
  carts: CartRepository;
  account: AccountRepository;
  memberships: ReturnType<typeof createMembershipsService>;
  change: ReturnType<typeof createChangeService>;
  customerById: (id: number) => Promise<CustomerRow | undefined>;
  today: () => CalendarDate;
  /** The Direct Debit provider's need for a billing address, over the operator's setting when set. */
  directDebitBillingAddress?: boolean | undefined;
  directDebit: Pick<
    DirectDebitService,
    'available' | 'prepare' | 'keepWithCart' | 'dropFromCart' | 'discardBillingRequest'
  >;
}) {
  const { carts } = deps;

  /** Only the customer themself can be the selected user: dependants are not modelled yet. */
  function checkSelectedUser(customer: CustomerRow, ...userIds: (number | undefined)[]) {
    if (userIds.some((userId) => userId !== undefined && userId !== customer.id))
      throw new HttpError(404, itemNotFoundMessage);
  }

  async function view(
    customer: CustomerRow,
    cart: CartRow | undefined,
    completeOrderId: number | null = null,
  ): Promise<Cart> {
    const operator = await requireOperator(deps.operators);
    const symbol = currencySymbol(operator.currency);
    const rows = cart ? await carts.itemsOf(cart.id) : [];
    const items: CartItem[] = rows.map(({ item, typeName, venueName, categories }, index) => ({
      id: item.id,
      type: item.itemType,
      objectId: item.membershipTypeId,
      pricingOptionId: item.paymentOptionId,
      purchasedForUserId: item.purchasedForCustomerId,
      renewsMembershipId: item.renewsMembershipId,
      changesMembershipId: item.changesMembershipId,
      change: item.costs.change ?? null,
      name: typeName,
      description: item.description,
      venue: { id: item.venueId, name: venueName },
      categories,
      options: {
        startDate: item.startDate,
        billingDay: item.billingDay,
        venueId: item.venueId,
        promotionCodeId: item.promotionId,
      },
      costs: withoutChange(item.costs),
      price: toMoney(item.amountPence, operator.currency, symbol),
      sortBy: index + 1,
      enablePrintReceipt: true,
    }));
    const total = rows.reduce((sum, row) => sum + row.item.amountPence, 0);
    // Credits are offered, not applied: applying them is a payment step of checkout.
    const balance = total;
    return {
      cartId: cart?.id ?? null,
      uuid: cart?.uuid ?? null,
      items,
      totals: {
        total,
        taxTotal: 0,
        subTotal: total,
        balance,
        itemCount: items.length,
        formattedTotal: formatPence(total, symbol),
        formattedBalance: formatPence(balance, symbol),
      },
      selectedUserId: customer.id,
      completeOrderId,
      credits: {
        membership: { type: 'membership', totalAvailable: 0, maxApplicable: 0 },
        general: {
          type: 'general',
          totalAvailable: customer.creditBalancePence,
          maxApplicable: Math.min(customer.creditBalancePence, total),
        },
      },
      payments: [],
      attendeeWaiversRequired: false,
    };
  }

  /** The membership type as this customer may buy it at the centre, or a clear refusal. */
  async function purchasable(customer: CustomerRow, typeId: number, optionId: number, venueId: number) {
    const types: MembershipType[] = await deps.memberships.typesAtVenue(venueId, customer);
    const type = types.find((candidate) => candidate.id === typeId);
    if (!type)
      throw new ValidationError({ membership: ['This membership is not available at the chosen centre.'] });
    const option = type.paymentOptions.find((candidate) => candidate.id === optionId);
    if (!option) throw new HttpError(404, itemNotFoundMessage);
    if (!option.isPurchasable.canPurchase) {
      const reason = option.isPurchasable.hasPrices
        ? (option.isPurchasable.message ?? 'This membership cannot be bought online.')
        : ineligibleMessage;
      throw new ValidationError({ membership: [reason] });
    }
    return { type, option };
  }

  /** A new membership line, priced exactly as the costs call prices it. */
  async function priceMembership(
    customer: CustomerRow,
    line: MembershipLine,
    asker: PromotionAsker,
  ): Promise<NewCartItem> {
    const { type, option } = await purchasable(customer, line.typeId, line.optionId, line.options.venueId);
    // A member who already pays by Direct Debit keeps their billing day (joining spec, section 2).
    const billingDay =
      option.paymentType === 'recurring' ? (customer.billingDay ?? line.options.billingDay) : undefined;
    const costs = await deps.memberships.costs(type.id, option.id, { ...line.options, billingDay }, asker);
    return {
      itemType: 'membership',
      membershipTypeId: type.id,
      paymentOptionId: option.id,
      venueId: line.options.venueId,
      purchasedForCustomerId: customer.id,
      renewsMembershipId: null,
      changesMembershipId: null,
      startDate: costs.startDate,
      billingDay: billingDay ?? null,
      promotionId: line.options.promotionCodeId ?? null,
      description: `${type.name}, ${optionLabel(costs)}`,
      amountPence: costs.totalToPayNow.raw.amount,
      costs,
    };
  }

  /** A membership type once per basket: a second line of it is refused, listing nothing twice. */
  function refuseDuplicates(existing: CartItemRow[], added: NewCartItem[]) {
    const typeIds = existing.map((row) => row.membershipTypeId);
    for (const item of added) {
      if (typeIds.includes(item.membershipTypeId))
        throw new ValidationError({ membership: [alreadyInBasket] });
      typeIds.push(item.membershipTypeId);
    }
  }

  async function requireCartItem(customer: CustomerRow, itemId: number) {
    const cart = await carts.currentCart(customer.id);
    const rows = cart ? await carts.itemsOf(cart.id) : [];
    const found = rows.find((row) => row.item.id === itemId);
    if (!cart || !found) throw new HttpError(404, itemNotFoundMessage);
    return found.item;
  }

  function requireOpen(cart: CartRow | undefined): asserts cart is CartRow {
    if (!cart) throw new HttpError(404, itemNotFoundMessage);
    if (cart.status !== 'open')
      throw new HttpError(409, 'Your basket is being paid for, so it cannot be changed now.');
  }

  return {
    /** GET {checkout} */
    async load(customer: CustomerRow, selectedUserId?: number): Promise<Cart> {
      checkSelectedUser(customer, selectedUserId);
      const cart = await carts.currentCart(customer.id);
      // With no basket since, the order the last one became: a page still leaving checkout learns
      // where the customer belongs instead of reading "empty" (decision 0019).
      const completed = cart
        ? null
        : await carts.recentlyCompletedOrderId(customer.id, completedOrderShownForSeconds);
      return view(customer, cart, completed);
    },

    /** DELETE {checkout}: empties the basket (a basket being paid for is left alone). */
    async discard(customer: CustomerRow, selectedUserId?: number): Promise<Cart> {
      checkSelectedUser(customer, selectedUserId);
      await carts.withLockedCart(customer.id, false, async (tx, cart) => {
        if (!cart) return;
        requireOpen(cart);
        await carts.deleteCart(tx, cart.id);
      });
      return view(customer, undefined);
    },

    /** POST {checkout}/add: every line is priced first, then all are added together or none. */
    async addMemberships(
      customer: CustomerRow,
      lines: (MembershipLine & { purchasedForUserId?: number | undefined })[],
      who: { selectedUserId?: number | undefined; membershipUserId?: number | undefined },
      client: Omit<PromotionClient, 'customerId'>,
    ): Promise<Cart> {
      checkSelectedUser(
        customer,
        who.selectedUserId,
        who.membershipUserId,
        ...lines.map((l) => l.purchasedForUserId),
      );
      const priced: NewCartItem[] = [];
      for (const line of lines)
        priced.push(await priceMembership(customer, line, { ...client, customerId: customer.id }));
      const cart = await carts.withLockedCart(customer.id, true, async (tx, locked) => {
        requireOpen(locked);
        refuseDuplicates(await carts.itemRows(tx, locked.id), priced);
        for (const item of priced) await carts.insertItem(tx, locked.id, item);
        // A new monthly membership is billed by Direct Debit: without one it is refused here.
        await requireDirectDebitFor(tx, { customerId: customer.id, cartId: locked.id, lines: priced });
        return locked;
      });
      return view(customer, cart);
    },

    /** POST {checkout}/remove */
    async removeItems(
      customer: CustomerRow,
      itemIds: number[],
      who: { selectedUserId?: number | undefined; membershipUserId?: number | undefined },
    ): Promise<Cart> {
      checkSelectedUser(customer, who.selectedUserId, who.membershipUserId);
      const cart = await carts.withLockedCart(customer.id, false, async (tx, locked) => {
        requireOpen(locked);
        const existing = new Set((await carts.itemRows(tx, locked.id)).map((row) => row.id));
        const missing = itemIds.filter((id) => !existing.has(id));
        if (missing.length > 0)
          throw new ValidationError({ cartItemIds: ['That item is no longer in your basket.'] });
        await carts.deleteItems(tx, locked.id, itemIds);
        return locked;
      });
      return view(customer, cart);
    },

    /** PUT {checkout}/{cartItemId}: new dates, billing day or promotion, priced again. */
    /**
     * Takes a membership benefit or a package's usage off a basket line (platform spec §7). Only
     * activity bookings carry either; no basket line can hold one yet, so an existing line of the
     * customer's answers that it has none, and changes nothing.
     */
    async removeUsage(
      customer: CustomerRow,
      itemId: number,
      kind: 'benefit' | 'package',
      selectedUserId?: number,
    ) {
      checkSelectedUser(customer, selectedUserId);
      await requireCartItem(customer, itemId);
      const message =
        kind === 'benefit' ? 'This item has no benefit applied.' : 'This item has no package usage applied.';
      throw new ValidationError({ cartItemId: [message] });
    },

    async updateItem(
      customer: CustomerRow,
      itemId: number,
      options: Partial<MembershipLine['options']>,
      client: Omit<PromotionClient, 'customerId'>,
      selectedUserId?: number,
    ): Promise<Cart> {
      checkSelectedUser(customer, selectedUserId);
      const current = await requireCartItem(customer, itemId);
      // Only a newly chosen promotion is checked; the line's own is kept as it was given.
      const newPromotion =
        options.promotionCodeId !== undefined && options.promotionCodeId !== current.promotionId;
      if (current.itemType !== 'membership')
        throw new ValidationError({
          options: ['A renewal starts when the current membership ends and cannot be changed.'],
        });
      const repriced = await priceMembership(
        customer,
        {
          typeId: current.membershipTypeId,
          optionId: current.paymentOptionId,
          options: {
            startDate: options.startDate ?? current.startDate,
            billingDay: options.billingDay ?? current.billingDay ?? undefined,
            venueId: options.venueId ?? current.venueId,
            promotionCodeId: options.promotionCodeId ?? current.promotionId ?? undefined,
          },
        },
        newPromotion ? { ...client, customerId: customer.id } : 'already-applied',
      );
      const cart = await carts.withLockedCart(customer.id, false, async (tx, locked) => {
        requireOpen(locked);
        const existing = await carts.itemRows(tx, locked.id);
        if (!existing.some((row) => row.id === itemId)) throw new HttpError(404, itemNotFoundMessage);
        await carts.updateItem(tx, locked.id, itemId, repriced);
        return locked;
      });
      return view(customer, cart);
    },

    /**
     * POST memberships/online-joining/store: the joining page's membership replaces any earlier
     * choice in the basket. A monthly membership for a customer without a Direct Debit needs bank
     * details; they are checked with the joining page's own rules (the mandate itself is created
     * when the order completes).
     */
    async storeJoiningMembership(
      customer: CustomerRow,
      body: JoiningMembershipBody,
      client: Omit<PromotionClient, 'customerId'>,
    ): Promise<Cart> {
      const operator = await requireOperator(deps.operators);
      const item = await priceMembership(
        customer,
        {
          typeId: body.membershipTypeId,
          optionId: body.paymentOptionId,
          options: {
            startDate: body.startDate,
            billingDay: body.billingDay ?? undefined,
            venueId: body.homeVenueId,
            promotionCodeId: body.promotionCodeId ?? undefined,
          },
        },
        { ...client, customerId: customer.id },
      );
      if (item.costs.paymentType === 'recurring' && !customer.hasDirectDebitInstruction) {
        const problems = validateBankDetails(
          {
            accountHolder: body.accountHolder ?? '',
            sortCode: body.accountDetails?.sortCode ?? '',
            accountNumber: body.accountDetails?.accountNumber ?? '',
            billingAddressLineOne: body.billingAddress?.lineOne ?? '',
            billingAddressLineTwo: body.billingAddress?.lineTwo ?? '',
            billingCity: body.billingAddress?.city ?? '',
            billingPostcode: body.billingAddress?.postcode ?? '',
          },
          { holderConfirmed: true, ddTermsAccepted: body.ddTermsAccepted === true, hasDdTerms: true },
          deps.directDebitBillingAddress ?? operator.collectDirectDebitBillingAddress,
        );
        const fieldNames: Record<string, string> = {
          sortCode: 'accountDetails.sortCode',
          accountNumber: 'accountDetails.accountNumber',
          ddTerms: 'ddTermsAccepted',
          billingAddressLineOne: 'billingAddress.lineOne',
          billingCity: 'billingAddress.city',
          billingPostcode: 'billingAddress.postcode',
        };
        const errors = Object.fromEntries(
          Object.entries(problems).map(([field, message]) => [fieldNames[field] ?? field, [message]]),
        );
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      }
      const needsMandate = item.costs.paymentType === 'recurring' && !customer.hasDirectDebitInstruction;
      // The provider checks the account and holds it until the order completes (we keep none of it).
      const prepared =
        needsMandate && deps.directDebit.available()
          ? await deps.directDebit.prepare(customer, {
              accountHolder: body.accountHolder ?? '',
              sortCode: body.accountDetails?.sortCode ?? '',
              accountNumber: body.accountDetails?.accountNumber ?? '',
              billingAddress: body.billingAddress,
            })
          : undefined;
      let replaced: string | undefined;
      const cart = await carts.withLockedCart(customer.id, true, async (tx, locked) => {
        requireOpen(locked);
        const existing = await carts.itemRows(tx, locked.id);
        const earlier = existing.filter((row) => row.itemType === 'membership').map((row) => row.id);
        if (earlier.length > 0) await carts.deleteItems(tx, locked.id, earlier);
        refuseDuplicates(
          existing.filter((row) => !earlier.includes(row.id)),
          [item],
        );
        await carts.insertItem(tx, locked.id, item);
        replaced = prepared
          ? await deps.directDebit.keepWithCart(tx, locked.id, prepared)
          : await deps.directDebit.dropFromCart(tx, locked.id);
        await requireDirectDebitFor(tx, { customerId: customer.id, cartId: locked.id, lines: [item] });
        return locked;
      });
      if (replaced !== prepared?.billingRequestId) await deps.directDebit.discardBillingRequest(replaced);
      return view(customer, cart);
    },

    /**
     * A promotion refused when the order completed (its limit was reached meanwhile) comes off the
     * basket's lines, which are priced again without it; a line that can no longer be priced leaves.
     */
    async dropPromotion(customerId: number, cartId: number, promotionId: number): Promise<void> {
      const customer = await deps.customerById(customerId);
      const cart = await carts.currentCart(customerId);
      if (!customer || cart?.id !== cartId) return;
      const lines = (await carts.itemsOf(cart.id))
        .map((row) => row.item)
        .filter((item) => item.promotionId === promotionId && item.itemType === 'membership');
      const repriced = new Map<number, NewCartItem | undefined>();
      for (const line of lines) {
        const item = await priceMembership(
          customer,
          {
            typeId: line.membershipTypeId,
            optionId: line.paymentOptionId,
            options: {
              startDate: line.startDate,
              billingDay: line.billingDay ?? undefined,
              venueId: line.venueId,
            },
          },
          'already-applied',
        ).catch((error: unknown) => {
          if (error instanceof HttpError) return undefined;
          throw error;
        });
        repriced.set(line.id, item);
      }
      await carts.withLockedCart(customerId, false, async (tx, locked) => {
        if (locked?.id !== cartId) return;
        const current = await carts.itemRows(tx, locked.id);
        for (const [itemId, item] of repriced) {
          const still = current.find((row) => row.id === itemId && row.promotionId === promotionId);
          if (!still) continue;
          if (item) await carts.updateItem(tx, locked.id, itemId, item);
          else await carts.deleteItems(tx, locked.id, [itemId]);
        }
      });
    },

    /** DELETE cart/clear: the joining page's membership leaves the basket (renewals stay). */
    async clearJoining(customer: CustomerRow): Promise<Cart> {
      let dropped: string | undefined;
      const cart = await carts.withLockedCart(customer.id, false, async (tx, locked) => {
        if (!locked) return undefined;
        requireOpen(locked);
        const joining = (await carts.itemRows(tx, locked.id))
          .filter((row) => row.itemType === 'membership')
          .map((row) => row.id);
        if (joining.length > 0) await carts.deleteItems(tx, locked.id, joining);
        // The bank account went with the joining membership: the provider need not hold it.
        dropped = await deps.directDebit.dropFromCart(tx, locked.id);
        return locked;
      });
      await deps.directDebit.discardBillingRequest(dropped);
      return view(customer, cart);
    },

    /** GET memberships/online-joining: the membership the joining page put in the basket, if any. */
    async joiningLine(customer: CustomerRow): Promise<CartItem | null> {
      const cart = await view(customer, await carts.currentCart(customer.id));
      return cart.items.find((item) => item.type === 'membership') ?? null;
    },

    /**
     * POST memberships/{id}/change: moving a held monthly membership to another one. The line
     * holds what is due now (the pro-rated difference and any change fee); checkout applies it.
     */
    async addChange(
      customer: CustomerRow,
      membershipId: number,
      choice: { membershipTypeId: number; paymentOptionId: number; startDate: string },
    ): Promise<Cart> {
      const quote = await deps.change.quote(customer, membershipId, choice.paymentOptionId, choice.startDate);
      if (quote.type.id !== choice.membershipTypeId)
        throw new ValidationError({ paymentOptionId: ['The payment option is not one of that membership.'] });
      const { held, type, option, costs, money, nextCollectionDate } = quote;
      const item: NewCartItem = {
        itemType: 'membership_change',
        membershipTypeId: type.id,
        paymentOptionId: option.id,
        venueId: held.homeVenueId,
        purchasedForCustomerId: customer.id,
        renewsMembershipId: null,
        changesMembershipId: held.id,
        startDate: choice.startDate,
        billingDay: held.billingDay,
        promotionId: null,
        description: `Change to ${type.name}, Monthly`,
        amountPence: costs.totalDueNow,
        costs: {
          paymentType: 'recurring',
          fixedDuration: null,
          fixedPeriod: null,
          promotionEnabled: false,
          globalBasePrice: money(costs.newMembershipPrice),
          fees: {
            baseFee: money(costs.newMembershipPrice),
            joiningFee: money(costs.changeFee),
            proRataFee: money(costs.proRataDifference),
            monthInHandFee: money(0),
            discount: money(0),
          },
          proRataDays: costs.proRataDays,
          startDate: choice.startDate,
          endDate: null,
          firstBillingDate: nextCollectionDate,
          prettyFirstBillingDate: prettyDate(nextCollectionDate),
          totalToPayNow: money(costs.totalDueNow),
          change: {
            differenceToOldMembership: costs.differenceToOldMembership,
            newMembershipPrice: money(costs.newMembershipPrice),
          },
        },
      };
      const cart = await carts.withLockedCart(customer.id, true, async (tx, locked) => {
        requireOpen(locked);
        const existing = await carts.itemRows(tx, locked.id);
        // One change per held membership: a new choice replaces the last.
        const earlier = existing.filter((row) => row.changesMembershipId === held.id).map((row) => row.id);
        if (earlier.length > 0) await carts.deleteItems(tx, locked.id, earlier);
        refuseDuplicates(
          existing.filter((row) => !earlier.includes(row.id)),
          [item],
        );
        await carts.insertItem(tx, locked.id, item);
        return locked;
      });
      return view(customer, cart);
    },

    /** POST /memberships/{id}/renew: a single payment membership's next term, into the basket. */
    async addRenewal(customer: CustomerRow, membershipId: number): Promise<Cart> {
      const held = await deps.account.heldMembership(customer.id, membershipId);
      if (!held) throw new HttpError(404, itemNotFoundMessage);
      if (held.billingDay !== null || held.endDate === null)
        throw new ValidationError({
          membershipId: ['Monthly memberships carry on by Direct Debit, so they are not renewed.'],
        });
      if (held.status !== 'active' && held.status !== 'ended')
        throw new ValidationError({ membershipId: ['Only an active or ended membership can be renewed.'] });
      const { type, option } = await purchasable(
        customer,
        held.membershipTypeId,
        held.paymentOptionId,
        held.homeVenueId,
      ).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 404)
          throw new ValidationError({
            membershipId: ['This membership is no longer sold, so it cannot be renewed.'],
          });
        throw error;
      });
      const startDate = renewalStartDate(held.endDate, deps.today());
      const costs = await deps.memberships.renewalCosts(option.id, startDate);
      const item: NewCartItem = {
        itemType: 'membership_renewal',
        membershipTypeId: type.id,
        paymentOptionId: option.id,
        venueId: held.homeVenueId,
        purchasedForCustomerId: customer.id,
        renewsMembershipId: held.id,
        changesMembershipId: null,
        startDate,
        billingDay: null,
        promotionId: null,
        description: `${type.name}, ${optionLabel(costs)} (renewal)`,
        amountPence: costs.totalToPayNow.raw.amount,
        costs,
      };
      const cart = await carts.withLockedCart(customer.id, true, async (tx, locked) => {
        requireOpen(locked);
        refuseDuplicates(await carts.itemRows(tx, locked.id), [item]);
        await carts.insertItem(tx, locked.id, item);
        return locked;
      });
      return view(customer, cart);
    },

    /** GET /api/terms?cart_id: the terms to accept at checkout for what is in the basket. */
    async terms(customer: CustomerRow, cartId: number): Promise<CartTerms[]> {
      const cart = await carts.cartOf(customer.id, cartId);
      if (!cart) throw new HttpError(404, itemNotFoundMessage);
      const typeIds = [...new Set((await carts.itemsOf(cart.id)).map((row) => row.item.membershipTypeId))];
      const terms: CartTerms[] = [];
      for (const typeId of typeIds) {
        for (const kind of ['health_commitment', 'membership'] as const) {
          const found = await deps.memberships.terms(kind, typeId).catch((error: unknown) => {
            if (error instanceof HttpError && error.statusCode === 404) return null;
            throw error;
          });
          if (found && !terms.some((term) => term.id === found.id))
            terms.push({ ...found, type: kind, isRequired: true });
        }
      }
      return terms;
    },
  };
}
