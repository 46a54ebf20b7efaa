import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { customers, passwordResetTokens } from '../../db/schema.ts';

export function createCustomersRepository(db: Db) {
  return {
    async create(values: Omit<typeof customers.$inferInsert, 'reference'>, executor: Executor = db) {
      const [row] = await executor
        .insert(customers)
        .values({ ...values, reference: sql`'C' || nextval('customer_reference_seq')::text` })
        .returning();
      return row!;
    },
    /** Creates a customer and whatever must commit with it (the desk's audit row), or neither. */
    async createWith(
      values: Omit<typeof customers.$inferInsert, 'reference'>,
      alongside: (tx: Executor, created: typeof customers.$inferSelect) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const created = await this.create(values, tx);
        await alongside(tx, created);
        return created;
      });
    },
    /** Changes a customer and writes whatever must commit with it (the desk's audit row), or neither. */
    async updateWith(
      customerId: number,
      values: Partial<typeof customers.$inferInsert>,
      alongside: (tx: Executor) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx.update(customers).set(values).where(eq(customers.id, customerId)).returning();
        await alongside(tx);
        return row!;
      });
    },
    async update(customerId: number, values: Partial<typeof customers.$inferInsert>) {
      const [row] = await db.update(customers).set(values).where(eq(customers.id, customerId)).returning();
      return row!;
    },
    /** Issues a reset token; any earlier unused one for the customer stops working (quality.md S5). */
    async issueResetToken(customerId: number, tokenHash: string, now: Date, expiresAt: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.customerId, customerId), isNull(passwordResetTokens.usedAt)));
        await tx.insert(passwordResetTokens).values({ customerId, tokenHash, createdAt: now, expiresAt });
      });
    },
    /** Uses a live token once: marking it used and setting the password happen together or not at all. */
    async consumeResetToken(tokenHash: string, now: Date, passwordHash: string): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [token] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, tokenHash),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now),
            ),
          )
          .returning({ customerId: passwordResetTokens.customerId });
        if (!token) return null;
        await tx.update(customers).set({ passwordHash }).where(eq(customers.id, token.customerId));
        return token.customerId;
      });
    },
  };
}
export type CustomersRepository = ReturnType<typeof createCustomersRepository>;

/** How emails name a customer, and the language they are written in; undefined when the customer is gone. */
export async function customerContact(db: Executor, customerId: number) {
  const [found] = await db
    .select({ email: customers.email, firstName: customers.firstName, language: customers.language })
    .from(customers)
    .where(eq(customers.id, customerId));
  return found;
}

/** A customer's id and reference (what completing an order on their behalf needs). */
export async function customerReference(db: Executor, customerId: number) {
  const [found] = await db
    .select({ id: customers.id, reference: customers.reference })
    .from(customers)
    .where(eq(customers.id, customerId));
  return found;
}

/** Whether an account (not a dependant) already uses this email: the desk would make a double. */
export async function emailInUse(
  db: Executor,
  operatorId: number,
  email: string,
  /** the customer whose own email this may be */
  exceptId?: number,
): Promise<boolean> {
  const [found] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.operatorId, operatorId),
        isNull(customers.accountHolderId),
        sql`lower(${customers.email}) = ${email.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(customers.id, exceptId),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/**
 * Whether the customer has a working Direct Debit mandate: Direct Debit's fact, kept on the
 * customer for the basket's checks and written here, the customers table's one writer.
 */
export async function setWorkingInstructionFlag(db: Executor, customerId: number, value: boolean) {
  await db.update(customers).set({ hasDirectDebitInstruction: value }).where(eq(customers.id, customerId));
}

/** The language a customer chose (decision 0108): what they are sent is in it. */
export async function setCustomerLanguage(db: Executor, customerId: number, language: 'en' | 'cy') {
  await db.update(customers).set({ language }).where(eq(customers.id, customerId));
}

/** A customer's password hash (a login upgrading an old hash's parameters). */
export async function setPasswordHash(db: Executor, customerId: number, passwordHash: string) {
  await db.update(customers).set({ passwordHash }).where(eq(customers.id, customerId));
}
