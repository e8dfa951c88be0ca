import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { vouchers } from '../../db/schema/index.js';

const summary = {
  label: sql<string>`${vouchers.batch}`,
  count: sql<number>`count(*)::int`,
  redeemed: sql<number>`count(${vouchers.redeemedAt})::int`,
  amountCents: sql<number>`max(${vouchers.amountCents})`,
  expiresAt: sql<Date>`max(${vouchers.expiresAt})`.mapWith(vouchers.expiresAt),
  createdAt: sql<Date>`min(${vouchers.createdAt})`.mapWith(vouchers.createdAt),
};

export type BatchSummary = {
  label: string;
  count: number;
  redeemed: number;
  amountCents: number;
  expiresAt: Date;
  createdAt: Date;
};

/**
 * Serialises the making of batches with this label until the caller's transaction ends, so two made at once
 * cannot both take it (the label is the batch's name, and no index holds it unique).
 */
export async function lockBatchLabel(tx: Executor, label: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`voucher-batch:${label}`}))`);
}

export async function findBatch(db: Executor, label: string): Promise<BatchSummary | undefined> {
  const [row] = await db
    .select(summary)
    .from(vouchers)
    .where(eq(vouchers.batch, label))
    .groupBy(vouchers.batch);
  return row;
}

/** Batches, the newest first. */
export async function listBatches(db: Executor, page: { limit: number; offset: number }) {
  const [rows, [counted]] = await Promise.all([
    db
      .select(summary)
      .from(vouchers)
      .where(isNotNull(vouchers.batch))
      .groupBy(vouchers.batch)
      .orderBy(sql`min(${vouchers.createdAt}) desc`, asc(vouchers.batch))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(distinct ${vouchers.batch})::int` })
      .from(vouchers)
      .where(isNotNull(vouchers.batch)),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Inserts the codes that no voucher has yet, in one statement; answers those it inserted. */
export async function insertVouchers(
  tx: Executor,
  codes: string[],
  fields: { amountCents: number; expiresAt: Date; batch: string; createdAt: Date },
): Promise<string[]> {
  const rows = await tx
    .insert(vouchers)
    .values(codes.map((code) => ({ code, ...fields })))
    .onConflictDoNothing()
    .returning({ code: vouchers.code });
  return rows.map((r) => r.code);
}

/** A page of the batch's vouchers after the id given, in the order they were made. */
export async function batchVouchersAfter(db: Executor, label: string, afterId: number, limit: number) {
  return db
    .select({
      id: vouchers.id,
      code: vouchers.code,
      amountCents: vouchers.amountCents,
      expiresAt: vouchers.expiresAt,
      redeemedAt: vouchers.redeemedAt,
    })
    .from(vouchers)
    .where(and(eq(vouchers.batch, label), gt(vouchers.id, afterId)))
    .orderBy(asc(vouchers.id))
    .limit(limit);
}
