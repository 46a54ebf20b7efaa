import { divideRounded } from './rounding.ts';

export type PromotionComponent = 'joining_fee' | 'pro_rata' | 'month_in_hand' | 'fixed_price';

export interface PromotionRule {
  kind: 'percent' | 'amount';
  /** percent: 1-100; amount: pence */
  value: number;
  appliesTo: PromotionComponent[];
}

/** What a promotion takes off, given the amount of each component it could apply to. */
export function promotionDiscount(
  rule: PromotionRule | null | undefined,
  components: Partial<Record<PromotionComponent, number>>,
): number {
  if (!rule) return 0;
  const eligible = rule.appliesTo.reduce((sum, component) => sum + (components[component] ?? 0), 0);
  if (eligible <= 0) return 0;
  if (rule.kind === 'percent') return Math.min(eligible, divideRounded(eligible * rule.value, 100));
  return Math.min(rule.value, eligible);
}
