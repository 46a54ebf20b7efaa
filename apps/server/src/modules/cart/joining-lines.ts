import { validateBankDetails } from '@lido/contracts/bank-details';
import type { Cart, CartItem, JoiningMembershipBody } from '@lido/contracts/cart';
import { ValidationError } from '../../http/errors.ts';
import { requireDirectDebitFor } from '../direct-debit/index.ts';
import type { CustomerRow } from '../auth/index.ts';
import type { PromotionClient } from '../memberships/index.ts';
import { requireOperator } from '../operator/index.ts';
import { type CartDeps, requireOpen } from './cart-deps.ts';
import type { CartView } from './cart-view.ts';
import { acceptedOwnTerms, type MembershipLines, refuseDuplicates } from './membership-lines.ts';

/**
 * The joining page's line (joining spec, "Order"): one membership, replacing any earlier choice,
 * with the bank details a new Direct Debit needs held by the provider until the order completes.
 */
export function createJoiningLines(
  deps: Pick<
    CartDeps,
    'carts' | 'operators' | 'directDebit' | 'directDebitBillingAddress' | 'memberships' | 'family'
  >,
  view: CartView,
  membershipLines: MembershipLines,
) {
  const { carts } = deps;
  const { priceMembership } = membershipLines;

  return {
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
      // A parent may join a child up: the child holds the membership, the parent pays (decision 0051).
      const member = await deps.family.member(customer, body.membershipUserId);
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
        member,
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
      const acceptedTermIds = await acceptedOwnTerms(
        deps.memberships,
        body.membershipTypeId,
        body.acceptedTerms,
      );
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
        await carts.insertItem(tx, locked.id, { ...item, acceptedTermIds });
        replaced = prepared
          ? await deps.directDebit.keepWithCart(tx, locked.id, prepared)
          : await deps.directDebit.dropFromCart(tx, locked.id);
        await requireDirectDebitFor(tx, { customerId: customer.id, cartId: locked.id, lines: [item] });
        return locked;
      });
      if (replaced !== prepared?.billingRequestId) await deps.directDebit.discardBillingRequest(replaced);
      // The operator read at the start answers the basket too (one read fewer per store).
      return view(customer, cart, null, [], operator);
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
  };
}
