import { randomInt } from 'node:crypto';
import { isAcceptedDate } from '@lido/contracts/limits';
import { parsePounds } from '@lido/pricing/money';
import type { Executor } from '../../db/client.ts';
import { insertVouchers } from './desk-payments.repository.ts';

/** Letters and digits a person reads off paper without mistaking one for another (no 0/O, 1/I/L). */
const readable = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const block = () => Array.from({ length: 4 }, () => readable[randomInt(readable.length)]).join('');

/** A new voucher code: the prefix and three blocks of four, about 60 bits: not guessable. */
const newVoucherCode = (prefix: string) => `${prefix}-${block()}-${block()}-${block()}`;

const usage = `Usage: npm run vouchers -- issue --value 10.00 [--count 1] [--expires YYYY-MM-DD] [--prefix GIFT] [--note "…"]
Issues vouchers the desk takes by their code (decision 0072); prints one code a line.`;

const penceOf = (parsed: ReturnType<typeof parsePounds>) => ('pence' in parsed ? parsed.pence : undefined);

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : args[at + 1];
}

/** `npm run vouchers -- issue …`: answers the exit code; writes the codes, or why not. */
export async function runVouchersCommand(
  args: string[],
  db: Executor,
  io: { out: (text: string) => void; err: (text: string) => void },
): Promise<number> {
  if (args[0] !== 'issue') {
    io.err(`${usage}\n`);
    return 64;
  }
  const valuePence = penceOf(parsePounds(option(args, 'value') ?? '', '£'));
  const count = Number(option(args, 'count') ?? '1');
  const expiresOn = option(args, 'expires') ?? null;
  const prefix = (option(args, 'prefix') ?? 'GIFT').toUpperCase();
  const note = option(args, 'note') ?? null;
  const problems = [
    valuePence === undefined || valuePence <= 0 || valuePence > 100_000_000
      ? '--value must be an amount in pounds, such as 10.00, up to 1000000.00.'
      : null,
    !Number.isInteger(count) || count < 1 || count > 1000
      ? '--count must be a whole number from 1 to 1000.'
      : null,
    expiresOn !== null && !isAcceptedDate(expiresOn) ? '--expires must be a real date, YYYY-MM-DD.' : null,
    !/^[A-Z0-9]{1,12}$/.test(prefix) ? '--prefix must be 1 to 12 letters or digits.' : null,
  ].filter((problem): problem is string => problem !== null);
  if (problems.length > 0) {
    io.err(`${problems.join('\n')}\n${usage}\n`);
    return 65;
  }
  const issued = await insertVouchers(
    db,
    Array.from({ length: count }, () => ({
      code: newVoucherCode(prefix),
      valuePence: valuePence!,
      expiresOn,
      issuedBy: 'npm run vouchers',
      note,
    })),
  );
  for (const voucher of issued) io.out(`${voucher.code}\n`);
  return 0;
}
