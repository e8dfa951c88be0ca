import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { creditLedger, vouchers } from '../../db/schema/index.js';

export type VoucherRow = typeof vouchers.$inferSelect;
export type CreditReason = (typeof creditLedger.$inferInsert)['reason'];

/** The sum of the customer's ledger entries, as it stands. */
export async function sumLedger(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.amountCents}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.customerId, customerId));
  return Number(row?.total ?? 0);
}

export async function countLedgerEntries(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(creditLedger)
    .where(eq(creditLedger.customerId, customerId));
  return row?.n ?? 0;
}

export async function listLedgerEntries(
  db: Executor,
  customerId: number,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      id: creditLedger.id,
      amountCents: creditLedger.amountCents,
      reason: creditLedger.reason,
      orderId: creditLedger.orderId,
      voucherCode: vouchers.code,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .leftJoin(vouchers, eq(vouchers.id, creditLedger.voucherId))
    .where(eq(creditLedger.customerId, customerId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function insertLedgerEntry(
  db: Executor,
  values: {
    customerId: number;
    amountCents: number;
    reason: CreditReason;
    voucherId?: number | null;
    orderId?: number | null;
  },
): Promise<void> {
  await db.insert(creditLedger).values(values);
}

/** Claims the voucher for the customer only if nobody has and it is still valid; the row lock serialises racers. */
export async function claimVoucher(
  db: Executor,
  customerId: number,
  code: string,
  now: Date,
): Promise<VoucherRow | undefined> {
  const found = await findVoucherByCode(db, code);
  if (!found) return undefined;
  const [row] = await db
    .update(vouchers)
    .set({ redeemedBy: customerId, redeemedAt: now })
    .where(
      and(
        eq(vouchers.id, found.id),
        sql`${vouchers.redeemedBy} is null`,
        sql`${vouchers.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row;
}

export async function findVoucherByCode(db: Executor, code: string): Promise<VoucherRow | undefined> {
  const [row] = await db
    .select()
    .from(vouchers)
    // As printed (7KQM-XH4P-2WRN) or typed without its dashes: spaces are already gone (normaliseCode).
    .where(
      sql`upper(${vouchers.code}) = upper(${code})
        or replace(upper(${vouchers.code}), '-', '') = replace(upper(${code}), '-', '')`,
    )
    .orderBy(sql`upper(${vouchers.code}) = upper(${code}) desc`)
    .limit(1);
  return row;
}
