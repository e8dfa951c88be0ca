import { orderIdOfReference } from '@storefront/contract/order-reference';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orders, outboxMails } from '../../db/schema/index.js';
import type { OutboxMailRow } from './outbox.repo.js';

/**
 * An order's mails that still go once it is cancelled: those recording money that moved (its payment, what goes
 * back) and the cancellation itself, which says how the money goes back.
 */
const SENT_FOR_A_CANCELLED_ORDER: readonly string[] = [
  'order-paid',
  'order-cancelled',
  'order-refunded',
  'order-payment-returned',
];

/**
 * The order an order mail is about: its `orderId`, or in a row written before mails kept it (migration 0033), the
 * reference its subject names (`SO-42`, orderReference) when it is an order's (`order-…`).
 */
function orderIdOf(mail: OutboxMailRow): number | null {
  if (mail.orderId !== null) return mail.orderId;
  if (!mail.topic.startsWith('order-')) return null;
  const reference = /\bSO-\d+\b/.exec(mail.subject)?.[0];
  return reference === undefined ? null : orderIdOfReference(reference);
}

/**
 * Withdraws an order's mail the worker is about to send when the order has been cancelled since it was written
 * (its "awaits payment", "confirmed", "new address"), and answers whether it did; kept as `failed` with
 * `withdrawn: …`, like the outbox's other withdrawn mails. The cancellation withdraws the "awaits payment" mail
 * itself (`withdrawPendingMail`); this catches the others, and any cancelled by a way that does not. One statement
 * per order mail; other mails cost none.
 */
export async function withdrawIfOrderCancelled(exec: Executor, mail: OutboxMailRow): Promise<boolean> {
  if (SENT_FOR_A_CANCELLED_ORDER.includes(mail.topic)) return false;
  const orderId = orderIdOf(mail);
  if (orderId === null) return false;
  const rows = await exec
    .update(outboxMails)
    .set({
      status: 'failed',
      claimedUntil: null,
      lastError: 'withdrawn: the order was cancelled before it was sent',
    })
    .where(
      and(
        eq(outboxMails.id, mail.id),
        eq(outboxMails.status, 'pending'),
        sql`exists (select 1 from ${orders} where ${orders.id} = ${orderId} and ${orders.status} = 'cancelled')`,
      ),
    )
    .returning({ id: outboxMails.id });
  return rows.length > 0;
}
