import { type CalendarDate, prettyDate } from '@lido/pricing/calendar-date';
import { packageExpiresOn } from '@lido/pricing/package-validity';
import type { Tx } from '../../db/client.ts';
import type { ReceiptLine } from '../line-kinds/index.ts';
import { createBoughtPackages, type PackageLine } from './package-lines.repository.ts';

/**
 * Inside the order's transaction (decision 0049): each package line becomes the attendee's
 * package, valid from today for its months, and a line of the order's receipt. The order's
 * transaction holds the basket's lock and marks it completed, so a repeated or concurrent
 * completion finds the basket done and buys nothing twice.
 */
export async function buyPackages(
  tx: Tx,
  input: { orderId: number; lines: PackageLine[]; today: CalendarDate },
): Promise<ReceiptLine[]> {
  if (input.lines.length === 0) return [];
  const expiresOn = (validMonths: number) => packageExpiresOn(input.today, validMonths);
  await createBoughtPackages(tx, { orderId: input.orderId, lines: input.lines, expiresOn });
  return input.lines.map(({ line, type, venueName }) => ({
    itemType: 'package' as const,
    description: `${type.name} at ${venueName} (${type.totalUses} ${type.totalUses === 1 ? 'use' : 'uses'}, valid until ${prettyDate(expiresOn(type.validMonths))})`,
    amountPence: line.pricePence,
    details: null,
  }));
}
