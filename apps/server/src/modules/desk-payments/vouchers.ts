import { formatPence } from '@lido/pricing/money';
import type { Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import {
  lockVoucherCode,
  otherVoucherSpent,
  spendVoucher,
  voucherByCode,
} from './desk-payments.repository.ts';
import type { SettledTender } from './desk-tenders.ts';

/**
 * Vouchers at the desk (issue 40 item 4, decision 0072). A voucher the operator issued in Lido pays
 * up to its balance, which goes down by what it paid; another's voucher (paper, a partner's scheme)
 * is recorded by its code and pays once. Either way one voucher can't pay twice, on any instance:
 * each code's use is serialised by a lock held to the order's commit.
 */

export const voucherSpent = (code: string) =>
  `Voucher ${code} has already been used. Take another payment instead.`;
const voucherExpired = (code: string, date: string) =>
  `Voucher ${code} expired on ${date}. Take another payment instead.`;
const voucherNotEnough = (code: string, balance: string) =>
  `Voucher ${code} has ${balance} left: enter at most that for it.`;
export const voucherUnknown = (code: string) =>
  `Voucher ${code} is not one of ours. Check the code on the voucher.`;

const refuse = (message: string) => new HttpError(422, message, { errors: { payments: [message] } });

/** Spends each voucher tender, in the order's transaction; answers the tenders with their Lido voucher. */
export async function spendVouchers(
  tx: Tx,
  tenders: SettledTender[],
  rules: { symbol: string; today: string; otherVouchersAccepted: boolean },
): Promise<(SettledTender & { voucherId: number | null })[]> {
  const spent: (SettledTender & { voucherId: number | null })[] = [];
  // In code order, so two desks spending the same two vouchers take their locks in the same order.
  const codes = tenders
    .map((tender) => tender.voucherCode)
    .filter((code): code is string => Boolean(code))
    .sort();
  for (const code of codes) await lockVoucherCode(tx, code);
  for (const tender of tenders) {
    const code = tender.voucherCode;
    if (tender.tenderType !== 'offline-voucher' || !code) {
      spent.push({ ...tender, voucherId: null });
      continue;
    }
    const voucher = await voucherByCode(tx, code);
    if (!voucher) {
      if (!rules.otherVouchersAccepted) throw refuse(voucherUnknown(code));
      if (await otherVoucherSpent(tx, code)) throw refuse(voucherSpent(code));
      spent.push({ ...tender, voucherId: null });
      continue;
    }
    if (voucher.expiresOn !== null && voucher.expiresOn < rules.today)
      throw refuse(voucherExpired(code, voucher.expiresOn));
    if (voucher.balancePence === 0) throw refuse(voucherSpent(code));
    if (!(await spendVoucher(tx, voucher.id, tender.paidPence)))
      throw refuse(voucherNotEnough(code, formatPence(voucher.balancePence, rules.symbol)));
    spent.push({ ...tender, voucherId: voucher.id });
  }
  return spent;
}
