import type { Costs, MembershipType } from '@lido/contracts/membership';
import { type CalendarDate, isCalendarDate, ukDate } from '@lido/pricing/calendar-date';
import { fixedCosts, monthlyCosts, startDateLimits } from '@lido/pricing/membership-costs';
import type { toMoney } from '@lido/pricing/money';
import type { PricedLine } from '@lido/pricing/priced-line';
import type { PromotionRule } from '@lido/pricing/promotions';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { itemNotFoundMessage, requireOperator } from '../operator/index.ts';
import type { OperatorRepository } from '../operator/index.ts';
import type { MembershipReads, OperatorReads } from '../catalogue/index.ts';
import type { PricedLineArgs, Reads } from './priced-line-reads.ts';
import type {
  MembershipsRepository,
  MembershipTypeDetails,
  PaymentOptionRow,
  QuestionRow,
  TermsRow,
} from './memberships.repository.ts';
import type { Db } from '../../db/client.ts';
import type { Limit, RateLimiter, Taken } from '../auth/index.ts';
import { moneyFormat } from '@lido/pricing/money';
import { costsAnswer } from './costs-answer.ts';
import { ineligibilityReason } from './eligibility.ts';
import { membershipPurchase } from './membership-purchase.ts';
import { type AnswerValue, checkAnswers, saveAnswers } from './question-answers.ts';
import { codeNotRecognised, promotionUsable, toPromotionRule } from './promotion-rules.ts';

/** quality.md S18: at most 10 unrecognised codes an hour per client address and per customer. */
const promotionGuessLimit = (key: string): Limit => ({ key: `promo:${key}`, max: 10, windowMs: 3_600_000 });

/** Who is asking to use a promotion: checked codes and guesses are counted per customer and browser. */
export interface PromotionClient {
  clientAddress: string;
  customerId?: number | undefined;
  /** a hash of the browser's promotion cookie, when it has one */
  browserKey: string | null;
}

/** A basket line repriced with the promotion it already holds is not asking again. */
export type PromotionAsker = PromotionClient | 'already-applied';

const tooManyCodes = 'Too many codes tried. Please wait a while and try again.';

export function createMembershipsService(deps: {
  operators: OperatorRepository;
  memberships: MembershipsRepository;
  /** Where the hot reads (types, costs, terms, questions) come from: the cached catalogue (decision 0038). */
  catalogue: { operators: OperatorReads; memberships: MembershipReads };
  /** The same reads as of now (one read of the catalogue's version): what a basket line is priced from. */
  checked: () => Promise<{ operators: OperatorReads; memberships: MembershipReads }>;
  today: () => CalendarDate;
  limiter: RateLimiter;
  db: Db;
}) {
  const { operators, memberships, catalogue, today } = deps;

  const guessLimits = (who: PromotionClient) => [
    promotionGuessLimit(`client:${who.clientAddress}`),
    ...(who.customerId ? [promotionGuessLimit(`customer:${who.customerId}`)] : []),
  ];
  /**
   * Counts a guess before anything is looked up, in one atomic step per limit (concurrent probes
   * cannot all pass one check); a guess that turns out right is given back.
   */
  async function takeGuess(limits: Limit[]): Promise<Taken[]> {
    const taken = await deps.limiter.takeAll(limits);
    if (!taken) throw new HttpError(429, tooManyCodes);
    return taken;
  }

  /**
   * A promotion is applied by id only when this customer or browser checked its code in the last
   * hour (issue 15): an id that was not is refused like an unknown code and counts as a guess.
   */
  async function requireCheckedPromotion(promotionId: number, who: PromotionAsker) {
    if (who === 'already-applied') return;
    const guess = await takeGuess(guessLimits(who));
    const checked = await memberships.promotionValidatedRecently(promotionId, {
      customerId: who.customerId ?? null,
      browserKey: who.browserKey,
    });
    if (!checked) throw new ValidationError({ promotionCodeId: [codeNotRecognised] });
    await deps.limiter.giveBack(guess);
  }

  function optionToWire(
    option: PaymentOptionRow,
    money: (pence: number) => ReturnType<typeof toMoney>,
    ineligible: string | null,
  ): MembershipType['paymentOptions'][number] {
    return {
      id: option.id,
      paymentType: option.paymentType,
      fixedDuration: option.fixedDuration,
      fixedPeriod: option.fixedPeriod,
      globalBasePrice: money(option.pricePence),
      fees: { baseFee: money(option.pricePence), joiningFee: money(option.joiningFeePence) },
      takesMonthInHand: option.takesMonthInHand,
      // An ineligible customer is shown no price, and the reason instead (joining spec, section 5).
      isPurchasable: ineligible
        ? { canPurchase: false, hasPrices: false, message: ineligible }
        : { canPurchase: option.isPurchasable, hasPrices: true, message: option.message },
      promotionEnabled: option.promotionEnabled,
    };
  }

  function typeToWire(
    details: MembershipTypeDetails,
    money: (pence: number) => ReturnType<typeof toMoney>,
    customer?: { dateOfBirth: string | null },
  ): MembershipType {
    const ineligible = customer
      ? ineligibilityReason(details.eligibility, customer.dateOfBirth, today())
      : null;
    const { type, eligibility } = details;
    return {
      id: type.id,
      slug: type.slug,
      name: type.name,
      description: type.descriptionHtml,
      categories: details.categories,
      coverage: type.coverage,
      providesAccessTo: details.venues,
      eligibility: eligibility
        ? {
            name: eligibility.name,
            description: eligibility.description,
            requiresEligibility: eligibility.kind === 'proof',
          }
        : null,
      benefits: details.benefits.map((benefit) => ({
        name: benefit.name,
        totalUses: benefit.totalUses,
        frequency: benefit.frequency,
        description: benefit.description,
      })),
      paymentOptions: details.options.map((option) => optionToWire(option, money, ineligible)),
    };
  }

  /** What a priced line takes from its payment option as it is. */
  function optionFacts(option: PaymentOptionRow) {
    return {
      paymentType: option.paymentType,
      fixedDuration: option.fixedDuration,
      fixedPeriod: option.fixedPeriod,
      promotionEnabled: option.promotionEnabled,
      basePrice: option.pricePence,
    };
  }

  function fixedLine(
    option: PaymentOptionRow,
    startDate: CalendarDate,
    joiningFee: number,
    promotion: PromotionRule | null,
  ): PricedLine {
    const costs = fixedCosts({
      price: option.pricePence,
      joiningFee,
      duration: option.fixedDuration!,
      period: option.fixedPeriod!,
      startDate,
      promotion,
    });
    return {
      ...optionFacts(option),
      fees: { joiningFee: costs.joiningFee, proRataFee: 0, monthInHandFee: 0, discount: costs.discount },
      proRataDays: 0,
      startDate,
      endDate: costs.endDate,
      firstBillingDate: null,
      totalToPayNow: costs.totalToPayNow,
    };
  }

  async function requireVenueOfOperator(reads: Reads, operatorId: number, venueId: number) {
    const venue = (await reads.operators.venues(operatorId)).find((row) => row.id === venueId);
    if (!venue) throw new HttpError(404, itemNotFoundMessage);
    return venue;
  }

  /** What joining costs, by pricing.md, as facts: the costs call answers it, the basket stores it. */
  async function pricedLineFrom(
    reads: Reads,
    ...[typeId, optionId, query, asker]: PricedLineArgs
  ): Promise<PricedLine> {
    const operator = await requireOperator(reads.operators);
    const found = await reads.memberships.optionWithType(operator.id, optionId);
    if (!found || found.type.id !== typeId) throw new HttpError(404, itemNotFoundMessage);
    const { option, type } = found;
    await requireVenueOfOperator(reads, operator.id, query.venueId);
    const now = today();
    const errors: Record<string, string[]> = {};

    const soldHere = (await reads.memberships.typesAtVenue(operator.id, query.venueId)).some(
      (details) => details.type.id === type.id,
    );
    if (!soldHere) errors.venueId = ['This membership is not available at the chosen centre.'];

    const limits = startDateLimits(now);
    if (!isCalendarDate(query.startDate)) errors.startDate = ['The start date must be a real date.'];
    else if (query.startDate < limits.min || query.startDate > limits.max) {
      errors.startDate = [`The start date must be between ${ukDate(limits.min)} and ${ukDate(limits.max)}.`];
    }

    if (option.paymentType === 'recurring') {
      if (query.billingDay === undefined) errors.billingDay = ['Choose a billing day.'];
      else if (!operator.availableBillingDates.includes(query.billingDay)) {
        errors.billingDay = [
          `The billing day must be one of ${[...operator.availableBillingDates].sort((a, b) => a - b).join(', ')}.`,
        ];
      }
    }

    let promotion = null;
    if (query.promotionCodeId !== undefined) {
      await requireCheckedPromotion(query.promotionCodeId, asker);
      const candidate = await memberships.promotionById(operator.id, query.promotionCodeId);
      if (
        promotionUsable(candidate, {
          today: now,
          typeId: type.id,
          optionPromotionEnabled: option.promotionEnabled,
        })
      ) {
        promotion = toPromotionRule(candidate);
      } else {
        errors.promotionCodeId = [codeNotRecognised];
      }
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);

    if (option.paymentType === 'recurring') {
      const costs = monthlyCosts({
        monthlyPrice: option.pricePence,
        joiningFee: option.joiningFeePence,
        takesMonthInHand: option.takesMonthInHand,
        startDate: query.startDate,
        billingDay: query.billingDay!,
        today: now,
        promotion,
      });
      return {
        ...optionFacts(option),
        fees: {
          joiningFee: costs.joiningFee,
          proRataFee: costs.proRataFee,
          monthInHandFee: costs.monthInHandFee,
          discount: costs.discount,
        },
        proRataDays: costs.proRataDays,
        startDate: query.startDate,
        endDate: null,
        firstBillingDate: costs.firstCollectionDate,
        totalToPayNow: costs.totalToPayNow,
      };
    }
    return fixedLine(option, query.startDate, option.joiningFeePence, promotion);
  }

  /** A basket line's price, from the catalogue as of now, never from one that may be a moment behind. */
  const pricedLine = async (...args: PricedLineArgs) => pricedLineFrom(await deps.checked(), ...args);

  async function termsOf(
    kind: TermsRow['kind'],
    typeId?: number,
  ): Promise<{ id: number; title: string; html: string }> {
    const operator = await requireOperator(catalogue.operators);
    if (typeId !== undefined && !(await catalogue.memberships.typeDetails(operator.id, typeId)))
      throw new HttpError(404, itemNotFoundMessage);
    const rows = await catalogue.memberships.terms(operator.id, kind, typeId);
    // The membership's own terms take precedence over the operator's general ones.
    const chosen = rows.find((row) => row.membershipTypeId !== null) ?? rows[0];
    if (!chosen) throw new HttpError(404, itemNotFoundMessage);
    return { id: chosen.id, title: chosen.title, html: chosen.html };
  }

  return {
    /** Whether this person may buy an option at a centre, and if not why (issue 32 item 5). */
    purchase: membershipPurchase({ catalogue, today }),

    /** GET memberships/types?venue_id: the active membership types sold at a centre. */
    async typesAtVenue(
      venueId: number,
      customer?: { dateOfBirth: string | null },
    ): Promise<MembershipType[]> {
      const operator = await requireOperator(catalogue.operators);
      await requireVenueOfOperator(catalogue, operator.id, venueId);
      const { money } = moneyFormat(operator.currency);
      return (await catalogue.memberships.typesAtVenue(operator.id, venueId)).map((details) =>
        typeToWire(details, money, customer),
      );
    },

    pricedLine,

    /**
     * GET memberships/types/{typeId}/payment-options/{optionId}: what joining costs, by pricing.md,
     * from the cached catalogue (the basket prices again from the database when the line is added).
     */
    async costs(...args: PricedLineArgs): Promise<Costs> {
      const line = await pricedLineFrom(catalogue, ...args);
      return costsAnswer(line, moneyFormat((await requireOperator(catalogue.operators)).currency));
    },

    /** An option's price in pence, read from the catalogue (not back out of a formatted answer). */
    async optionPricePence(optionId: number): Promise<number> {
      const reads = await deps.checked();
      const operator = await requireOperator(reads.operators);
      const found = await reads.memberships.optionWithType(operator.id, optionId);
      if (!found) throw new HttpError(404, itemNotFoundMessage);
      return found.option.pricePence;
    },

    /** A renewal's costs (pricing.md, "Renewal"): the option's current price, no joining fee, no promotion. */
    async renewalCosts(optionId: number, startDate: CalendarDate): Promise<PricedLine> {
      const reads = await deps.checked();
      const operator = await requireOperator(reads.operators);
      const found = await reads.memberships.optionWithType(operator.id, optionId);
      if (!found || found.option.paymentType !== 'fixed') throw new HttpError(404, itemNotFoundMessage);
      return fixedLine(found.option, startDate, 0, null);
    },

    /** GET /api/v1/membership-promotions/validate/{code}/{paymentOptionId}: one answer for every unusable code. */
    async validatePromotion(
      code: string,
      paymentOptionId: number,
      who: PromotionClient,
    ): Promise<{ id: number; code: string }> {
      const guess = await takeGuess(guessLimits(who));
      const operator = await requireOperator(operators);
      const found = await memberships.optionWithType(operator.id, paymentOptionId);
      const promotion = await memberships.promotionByCode(operator.id, code);
      if (
        !found ||
        !promotionUsable(promotion, {
          today: today(),
          typeId: found.type.id,
          optionPromotionEnabled: found.option.promotionEnabled,
        })
      )
        throw new HttpError(404, codeNotRecognised);
      await deps.limiter.giveBack(guess);
      // Checked by this customer and browser: they may now apply it by its id for an hour.
      await memberships.recordPromotionValidation(promotion.id, {
        customerId: who.customerId ?? null,
        browserKey: who.browserKey,
      });
      return { id: promotion.id, code: promotion.code };
    },

    terms: termsOf,

    /** POST custom-questions/memberships/{typeId}: checked against the questions, then stored. */
    async saveAnswers(
      customerId: number,
      typeId: number,
      answers: { questionId: number; answer: AnswerValue }[],
    ): Promise<number> {
      const operator = await requireOperator(operators);
      if (!(await memberships.typeDetails(operator.id, typeId)))
        throw new HttpError(404, itemNotFoundMessage);
      const checked = checkAnswers(await memberships.questions(typeId), answers);
      await saveAnswers(deps.db, customerId, typeId, checked);
      return checked.size;
    },

    /** GET custom-questions/memberships/{typeId}: questions grouped as the form shows them. */
    async questions(typeId: number) {
      const operator = await requireOperator(catalogue.operators);
      if (!(await catalogue.memberships.typeDetails(operator.id, typeId)))
        throw new HttpError(404, itemNotFoundMessage);
      const rows = await catalogue.memberships.questions(typeId);
      const groups: { id: number; title: string; questions: ReturnType<typeof questionToWire>[] }[] = [];
      for (const row of rows) {
        let group = groups.find((existing) => existing.title === row.groupTitle);
        if (!group) {
          group = { id: groups.length + 1, title: row.groupTitle, questions: [] };
          groups.push(group);
        }
        group.questions.push(questionToWire(row));
      }
      return groups;
    },
  };
}

function questionToWire(row: QuestionRow) {
  return {
    id: row.id,
    reference: row.reference,
    label: row.label,
    type: row.type,
    placeholder: row.placeholder,
    options: row.options,
    isRequired: row.isRequired,
    default: row.defaultValue,
  };
}
