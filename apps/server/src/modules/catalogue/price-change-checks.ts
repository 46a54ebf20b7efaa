import { compareDates, type CalendarDate, prettyDate } from '@lido/pricing/calendar-date';
import { formatPence } from '@lido/pricing/money';
import { priceChangeDateProblem } from '@lido/pricing/price-change-notice';
import type { CatalogueFile } from './catalogue-file.schema.ts';
import type { StoredPriceChange } from './catalogue-price-changes.repository.ts';

type Problem = { path: (string | number)[]; message: string };

/**
 * A catalogue's price changes against what is stored (issue 22 item 5): a new or altered change
 * must leave time for the notice, counted from today; one already told to members may not be
 * altered or dropped until it is in effect. Re-importing the same file passes however late it is.
 */
export function priceChangeProblems(
  file: CatalogueFile,
  stored: StoredPriceChange[],
  today: CalendarDate,
  /** the operator's notice as stored, when the file does not set it */
  storedNoticeDays: number,
): Problem[] {
  const noticeDays = file.membershipRules?.priceChangeNoticeDays ?? storedNoticeDays;
  const problems: Problem[] = [];
  const same = (a: StoredPriceChange, slug: string, key: string) =>
    a.typeSlug === slug && a.optionKey === key;
  file.types.forEach((type, t) => {
    type.paymentOptions.forEach((option, o) => {
      const change = option.priceChange;
      if (!change) return;
      const known = stored.some(
        (row) =>
          same(row, type.slug, option.key) &&
          row.effectiveFrom === change.effectiveFrom &&
          row.pricePence === change.pricePence,
      );
      const problem = known ? null : priceChangeDateProblem(change.effectiveFrom, today, noticeDays);
      if (problem)
        problems.push({
          path: ['types', t, 'paymentOptions', o, 'priceChange', 'effectiveFrom'],
          message: problem,
        });
    });
  });
  for (const row of stored) {
    if (row.notices === 0 || compareDates(row.effectiveFrom, today) <= 0) continue;
    const t = file.types.findIndex((type) => type.slug === row.typeSlug);
    const o = t < 0 ? -1 : file.types[t]!.paymentOptions.findIndex((option) => option.key === row.optionKey);
    const change = o < 0 ? undefined : file.types[t]!.paymentOptions[o]!.priceChange;
    if (change?.effectiveFrom === row.effectiveFrom && change.pricePence === row.pricePence) continue;
    problems.push({
      path: o >= 0 ? ['types', t, 'paymentOptions', o, 'priceChange'] : t >= 0 ? ['types', t] : ['types'],
      message:
        `${row.notices} member${row.notices === 1 ? ' was' : 's were'} told that ${row.typeSlug} ` +
        `(${row.optionKey}) changes to ${formatPence(row.pricePence)} from ${prettyDate(row.effectiveFrom)}: ` +
        `keep priceChange { pricePence: ${row.pricePence}, effectiveFrom: ${row.effectiveFrom} } until that date`,
    });
  }
  return problems;
}
