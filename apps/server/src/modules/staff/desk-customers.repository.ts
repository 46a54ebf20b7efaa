import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import type { CustomerRow } from '../auth/index.ts';

/** How many customers one search answers (the contract's "at most 20"). */
export const deskSearchLimit = 20;

const payers = alias(customers, 'payers');

/** The columns a desk list shows, with the payer of a dependant. */
const listed = {
  customer: customers,
  payer: {
    id: payers.id,
    firstName: payers.firstName,
    lastName: payers.lastName,
    reference: payers.reference,
  },
};
export type ListedCustomer = {
  customer: CustomerRow;
  payer: { id: number; firstName: string; lastName: string; reference: string } | null;
};

/** `LIKE` patterns match literally what was typed: `%`, `_` and `\` lose their meaning. */
const prefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Must stay the expressions migration 0049 indexes (lido_fold, lower, replace), or no index serves them. */
const folded = (column: AnyPgColumn) => sql`lido_fold(${column})`;
const accented = 'áàâäãåāăąçćčďéèêëēėęěíìîïīįłñńňóòôöõøōőŕřśšşťúùûüūůűųýÿžźż';
const plain = 'aaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz';
/** lido_fold in JavaScript: the pattern is a plain constant, which is what lets the index answer LIKE. */
const foldText = (text: string) =>
  [...text.toLowerCase()].map((c) => plain[accented.indexOf(c)] ?? c).join('');

/**
 * The desk's search (decision 0055): a customer ID exactly, an email exactly or by prefix, a
 * postcode by prefix with spaces ignored, or a name by prefix (first, last, or "first last"),
 * case- and accent-insensitive. Each test is one indexed expression, so Postgres ORs index scans
 * instead of reading every customer. Best first: ID, email, postcode, whole name, then prefixes.
 */
export async function searchCustomers(
  db: Executor,
  operatorId: number,
  query: string,
): Promise<{ rows: ListedCustomer[]; more: boolean }> {
  const q = query.trim().replace(/\s+/g, ' ');
  const words = q.split(' ');
  const email = q.toLowerCase();
  const compactPostcode = q.replace(/\s/g, '').toUpperCase();
  const firstName = folded(customers.firstName);
  const lastName = folded(customers.lastName);
  const nameTests: SQL[] = [
    sql`${firstName} LIKE ${foldText(prefix(q))}`,
    sql`${lastName} LIKE ${foldText(prefix(q))}`,
  ];
  if (words.length >= 2) {
    const [first, ...rest] = words as [string, ...string[]];
    nameTests.push(
      sql`(${firstName} LIKE ${foldText(prefix(first))} AND ${lastName} LIKE ${foldText(prefix(rest.join(' ')))})`,
    );
  }
  const tests = or(
    eq(customers.reference, q.toUpperCase()),
    sql`lower(${customers.email}) LIKE ${prefix(email)}`,
    sql`replace(${customers.postcode}, ' ', '') LIKE ${prefix(compactPostcode)}`,
    ...nameTests,
  );
  const rank = sql<number>`CASE
    WHEN ${customers.reference} = ${q.toUpperCase()} THEN 0
    WHEN lower(${customers.email}) = ${email} THEN 1
    WHEN replace(${customers.postcode}, ' ', '') = ${compactPostcode} THEN 2
    WHEN ${firstName} || ' ' || ${lastName} = ${foldText(q)} OR ${lastName} = ${foldText(q)} THEN 3
    ELSE 4 END`;
  const rows = await db
    .select(listed)
    .from(customers)
    .leftJoin(payers, eq(payers.id, customers.accountHolderId))
    .where(and(eq(customers.operatorId, operatorId), isNull(customers.removedFromFamilyAt), tests))
    .orderBy(rank, asc(customers.lastName), asc(customers.firstName), asc(customers.id))
    .limit(deskSearchLimit + 1);
  return { rows: rows.slice(0, deskSearchLimit), more: rows.length > deskSearchLimit };
}

/** One customer of the operator (a removed family member is gone), with their payer. */
export async function listedCustomer(
  db: Executor,
  operatorId: number,
  customerId: number,
): Promise<ListedCustomer | undefined> {
  const [row] = await db
    .select(listed)
    .from(customers)
    .leftJoin(payers, eq(payers.id, customers.accountHolderId))
    .where(
      and(
        eq(customers.operatorId, operatorId),
        eq(customers.id, customerId),
        isNull(customers.removedFromFamilyAt),
      ),
    );
  return row;
}

/** The family a customer belongs to: the account holder's current dependants. */
export async function familyOf(db: Executor, holderId: number): Promise<ListedCustomer[]> {
  const payer = await db.select().from(customers).where(eq(customers.id, holderId));
  const dependants = await db
    .select({ customer: customers })
    .from(customers)
    .where(and(eq(customers.accountHolderId, holderId), isNull(customers.removedFromFamilyAt)))
    .orderBy(asc(customers.firstName), asc(customers.id));
  const holder = payer[0];
  const asPayer = holder
    ? { id: holder.id, firstName: holder.firstName, lastName: holder.lastName, reference: holder.reference }
    : null;
  return [
    ...(holder ? [{ customer: holder, payer: null }] : []),
    ...dependants.map(({ customer }) => ({ customer, payer: asPayer })),
  ];
}
