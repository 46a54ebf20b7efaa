import type { PromotionRule } from '@lido/pricing/promotions';
import type { PromotionRow } from './memberships.repository.ts';

/** The one answer for every code that cannot be used, whatever the reason (pricing.md, Promotions). */
export const codeNotRecognised = 'Code not recognised';

/**
 * Whether a promotion can be used today on an option of a type. Unknown, expired, not yet valid,
 * exhausted and ineligible codes are all simply unusable: callers must not say which.
 */
export function promotionUsable(
  promotion: PromotionRow | undefined,
  context: { today: string; typeId: number; optionPromotionEnabled: boolean },
): promotion is PromotionRow {
  if (!promotion || !context.optionPromotionEnabled) return false;
  if (promotion.validFrom && context.today < promotion.validFrom) return false;
  if (promotion.validTo && context.today > promotion.validTo) return false;
  if (promotion.maxRedemptions !== null && promotion.redemptionCount >= promotion.maxRedemptions)
    return false;
  if (promotion.membershipTypeIds && !promotion.membershipTypeIds.includes(context.typeId)) return false;
  return true;
}

export function toPromotionRule(promotion: PromotionRow): PromotionRule {
  return { kind: promotion.kind, value: promotion.value, appliesTo: promotion.appliesTo };
}
