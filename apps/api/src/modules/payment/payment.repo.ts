import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { payments, type PaymentRow } from '../../db/schema/index.js';
import type { PaymentProviderName } from './payment-provider.js';

export type { PaymentRow };

export async function insertPayment(
  exec: Executor,
  values: { orderId: number; provider: PaymentProviderName; providerRef: string; amountCents: number },
): Promise<PaymentRow> {
  const [row] = await exec
    .insert(payments)
    .values({ ...values, status: 'started' })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findPaymentByRef(
  exec: Executor,
  provider: PaymentProviderName,
  providerRef: string,
): Promise<PaymentRow | undefined> {
  const [row] = await exec
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)));
  return row;
}

export async function findCapturedPayment(exec: Executor, orderId: number): Promise<PaymentRow | undefined> {
  const [row] = await exec
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'captured')));
  return row;
}

/** Attempts still waiting on the customer or the provider, newest first. */
export async function findStartedPayments(exec: Executor, orderId: number): Promise<PaymentRow[]> {
  return exec
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'started')))
    .orderBy(desc(payments.id));
}

/** Started -> captured once; false when it had already moved (a parallel capture recorded it first). */
export async function markPaymentCaptured(
  exec: Executor,
  paymentId: number,
  captureId: string,
  now: Date,
): Promise<boolean> {
  const rows = await exec
    .update(payments)
    .set({ status: 'captured', captureId, updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'started')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

export async function markPaymentEnded(
  exec: Executor,
  paymentId: number,
  status: 'declined' | 'abandoned',
  now: Date,
): Promise<void> {
  await exec
    .update(payments)
    .set({ status, updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'started')));
}

export async function addRefunded(
  exec: Executor,
  paymentId: number,
  amountCents: number,
  now: Date,
): Promise<void> {
  await exec
    .update(payments)
    .set({ refundedCents: sql`${payments.refundedCents} + ${amountCents}`, updatedAt: now })
    .where(eq(payments.id, paymentId));
}
