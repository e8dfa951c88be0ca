import { and, desc, eq, isNotNull, isNull, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orders, payments, providerFaults, type PaymentRow } from '../../db/schema/index.js';
import type { PaymentProviderName } from './payment-provider.js';

export type { PaymentRow };

/**
 * Records a started attempt once: two starts with one key get one provider payment back, and the second insert
 * of it adds nothing (undefined) rather than failing on the unique key.
 */
export async function insertPayment(
  exec: Executor,
  values: { orderId: number; provider: PaymentProviderName; providerRef: string; amountCents: number },
  now: Date,
): Promise<PaymentRow | undefined> {
  // The store's clock, not the database's: the rounds compare these times with it.
  const [row] = await exec
    .insert(payments)
    .values({ ...values, status: 'started', createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [payments.provider, payments.providerRef] })
    .returning();
  return row;
}

/** Records the shop's own credentials or settings refused by a provider, for the operator's dashboard. */
export async function insertProviderFault(
  exec: Executor,
  fault: { provider: PaymentProviderName; kind: string; detail: string },
  at: Date,
): Promise<void> {
  // The store's clock, as the dashboard that counts them reads it.
  await exec.insert(providerFaults).values({ ...fault, at });
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

/**
 * Records that a capture of a still started attempt was answered pending or not at all (`at`), or that its provider
 * has since said it was never approved (null): see `capturePendingAt`.
 */
export async function markCapturePending(exec: Executor, paymentId: number, at: Date | null): Promise<void> {
  await exec
    .update(payments)
    .set({ capturePendingAt: at })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'started')));
}

/** The provider of the order's newest started attempt whose capture is pending at it, if any. */
export async function findCapturePendingProvider(
  exec: Executor,
  orderId: number,
): Promise<PaymentProviderName | undefined> {
  const [row] = await exec
    .select({ provider: payments.provider })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, 'started'),
        isNotNull(payments.capturePendingAt),
      ),
    )
    .orderBy(desc(payments.capturePendingAt))
    .limit(1);
  return row?.provider;
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

/**
 * Records a capture the order cannot keep (another attempt paid it, or it was cancelled): the money is owed back.
 * Any state but captured may become surplus; answers false when it already was.
 */
export async function markPaymentSurplus(
  exec: Executor,
  paymentId: number,
  captureId: string,
  now: Date,
  /** What the provider actually took, when it is not what the attempt was started for: all of it is owed back. */
  capturedCents?: number,
): Promise<boolean> {
  const rows = await exec
    .update(payments)
    .set({
      status: 'surplus',
      captureId,
      updatedAt: now,
      ...(capturedCents === undefined ? {} : { amountCents: capturedCents }),
    })
    .where(and(eq(payments.id, paymentId), notInArray(payments.status, ['captured', 'surplus'])))
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

/**
 * Adds a refund the provider confirmed, only if nothing was recorded since `before` was read: two processes
 * retrying one refund send the same idempotency key, the provider refunds once, and only one of them records it.
 */
export async function addRefunded(
  exec: Executor,
  payment: { id: number; refundedCents: number },
  amountCents: number,
  now: Date,
): Promise<void> {
  await exec
    .update(payments)
    .set({ refundedCents: sql`${payments.refundedCents} + ${amountCents}`, updatedAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.refundedCents, payment.refundedCents)));
}

/** The attempts still `started` of the customer's order, if it still awaits payment; none otherwise. */
export async function findStartedOfUnpaidOrder(
  exec: Executor,
  customerId: number,
  orderId: number,
): Promise<PaymentRow[]> {
  const rows = await exec
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.customerId, customerId),
        eq(orders.status, 'pending_payment'),
        eq(payments.status, 'started'),
      ),
    )
    .orderBy(desc(payments.id));
  return rows.map((r) => r.payment);
}

/** Not left for later by a round that could not finish it (`postponePayment`). */
const isDue = (now: Date) => or(isNull(payments.retryAt), lte(payments.retryAt, now));

/**
 * Attempts still `started` whose order no longer awaits payment (paid by another attempt, or cancelled) and that
 * have not moved since `before`: money their provider took for them is owed back.
 */
export async function listStartedOfSettledOrders(
  exec: Executor,
  before: Date,
  now: Date,
  limit: number,
): Promise<{ payment: PaymentRow; customerId: number }[]> {
  return exec
    .select({ payment: payments, customerId: orders.customerId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.status, 'started'),
        ne(orders.status, 'pending_payment'),
        lt(payments.updatedAt, before),
        isDue(now),
      ),
    )
    .orderBy(payments.id)
    .limit(limit);
}

/** The longest a round leaves a payment it could not finish before trying it again. */
const MAX_RETRY_DELAY_MS = 6 * 60 * 60_000;

/**
 * Leaves a payment a round could not finish until a minute from now, doubling with each try up to six hours: a
 * refund the provider keeps refusing is still tried (and logged) four times a day, without holding up the rest.
 */
export async function postponePayment(exec: Executor, paymentId: number, now: Date): Promise<void> {
  await exec
    .update(payments)
    .set({
      retries: sql`${payments.retries} + 1`,
      retryAt: sql`${now.toISOString()}::timestamptz + least(interval '1 minute' * power(2, least(${payments.retries}, 20)), ${`${MAX_RETRY_DELAY_MS} milliseconds`}::interval)`,
    })
    .where(eq(payments.id, paymentId));
}

/** What the order's refunds after payment put on its provider (packing, staff refunds: `order_refunds`). */
const recordedProviderRefunds = sql<number>`(select coalesce(sum(r.provider_cents), 0)::int from order_refunds r where r.order_id = ${payments.orderId})`;

/**
 * Money a provider holds that the store owes back, with how much: the rest of a surplus capture or of a cancelled
 * order's capture, and what an order's refunds after payment put on its capture beyond what went back already.
 */
export async function listOwedRefunds(
  exec: Executor,
  now: Date,
  limit: number,
): Promise<{ payment: PaymentRow; owedCents: number }[]> {
  const owed = sql<number>`(case when ${payments.status} = 'surplus' or ${orders.status} = 'cancelled'
      then ${payments.amountCents} else least(${payments.amountCents}, ${recordedProviderRefunds}) end
    - ${payments.refundedCents})::int`;
  const rows = await exec
    .select({ payment: payments, owedCents: owed })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        lt(payments.refundedCents, payments.amountCents),
        isDue(now),
        isNull(payments.refundUnsettledAt),
        or(eq(payments.status, 'surplus'), eq(payments.status, 'captured')),
        sql`${owed} > 0`,
      ),
    )
    .orderBy(payments.id)
    .limit(limit);
  return rows.map((r) => ({ payment: r.payment, owedCents: Number(r.owedCents) }));
}

/**
 * Takes the provider's own record of what it refunded of a payment (refunds made in its dashboard included): the
 * payment's refunded amount becomes that, never less than the store recorded nor more than was captured.
 */
export async function recordProviderRefunds(
  exec: Executor,
  paymentId: number,
  providerRefundedCents: number,
  now: Date,
): Promise<PaymentRow | undefined> {
  const [row] = await exec
    .update(payments)
    .set({
      refundedCents: sql`least(${payments.amountCents}, greatest(${payments.refundedCents}, ${providerRefundedCents}))`,
      updatedAt: now,
    })
    .where(eq(payments.id, paymentId))
    .returning();
  return row;
}

/** A refund the rounds stop retrying: the back office dashboard lists it for a person to settle. */
export async function markRefundUnsettled(
  exec: Executor,
  paymentId: number,
  reason: string,
  now: Date,
): Promise<void> {
  await exec
    .update(payments)
    .set({ refundUnsettledAt: now, refundUnsettledReason: reason.slice(0, 500), updatedAt: now })
    .where(and(eq(payments.id, paymentId), isNull(payments.refundUnsettledAt)));
}

/**
 * PayPal declined the payer's card at capture and offered its order back to choose another way to pay: the attempt
 * stays started, remembers where to send the payer, and counts the decline (the next capture's request id).
 */
export async function markInstrumentDeclined(
  exec: Executor,
  paymentId: number,
  recoveryUrl: string,
  now: Date,
): Promise<void> {
  await exec
    .update(payments)
    .set({ recoveryUrl, captureDeclines: sql`${payments.captureDeclines} + 1`, updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'started')));
}

/** The order's started attempt at the provider, for this amount, that its provider offered back after a decline. */
export async function findRecoverableAttempt(
  exec: Executor,
  orderId: number,
  provider: PaymentProviderName,
  amountCents: number,
): Promise<PaymentRow | undefined> {
  const [row] = await exec
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, provider),
        eq(payments.status, 'started'),
        eq(payments.amountCents, amountCents),
        isNotNull(payments.recoveryUrl),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

export async function findPaymentByCapture(
  exec: Executor,
  provider: PaymentProviderName,
  captureId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await exec
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.captureId, captureId)));
  return row;
}
