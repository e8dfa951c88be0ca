import { errorCatalogue } from '@storefront/contract/errors';
import type { PaymentMethods, PaymentProvider } from '@storefront/contract/payment';
import { providerNames } from '@storefront/contract/refund';
import type { AsyncStatus } from '../../lib/async-status';
import { readErrorCode } from '../../lib/http/error-message';
import { formatDateTime } from '../../lib/date-time';
import { fetchPaymentMethods, fetchPaymentPendingWith } from './api';
import { orderReference } from '@storefront/contract/order-reference';

/** What the payment page learnt of an order: what it owes and how to pay it, or why it owes nothing. */
export type OrderPayment =
  | { kind: 'owing'; methods: PaymentMethods }
  /**
   * Owing, but a payment started with `pendingWith` is still being decided by it (held for review, or its capture
   * went unanswered): paying again could charge twice, so no way to pay is offered until it has decided.
   */
  | { kind: 'capture-pending'; pendingWith: PaymentProvider }
  /** Paid or cancelled: the API does not say which. */
  | { kind: 'settled' }
  /**
   * Awaiting payment past its time to pay: no new payment is taken. With none still being decided (`pendingWith`
   * null) the store cancels it within a minute; else it is kept until that provider decides.
   */
  | { kind: 'pay-by-passed'; pendingWith: PaymentProvider | null }
  | { kind: 'not-found' };

const { NOT_FOUND, ORDER_NOT_PAYABLE, ORDER_PAY_BY_PASSED } = errorCatalogue;

/** Rejects only when the order's state could not be learnt (network, server fault, ...). */
export async function readOrderPayment(orderID: number): Promise<OrderPayment> {
  // Asked beside the ways to pay, not after them, so an order that owes opens no slower; its answer only counts
  // when the order owes (an order that is not found or settled answers the ways to pay's refusal instead).
  const pending = fetchPaymentPendingWith(orderID);
  // Its failure is read only where its answer counts; elsewhere it must not surface as an unhandled rejection.
  pending.catch(() => undefined);
  try {
    const methods = await fetchPaymentMethods(orderID);
    if (methods.amountDue <= 0) return { kind: 'settled' };
    const pendingWith = await pending;
    return pendingWith ? { kind: 'capture-pending', pendingWith } : { kind: 'owing', methods };
  } catch (err) {
    const code = readErrorCode(err);
    if (code === ORDER_NOT_PAYABLE.code) return { kind: 'settled' };
    if (code === ORDER_PAY_BY_PASSED.code) return { kind: 'pay-by-passed', pendingWith: await pending };
    if (code === NOT_FOUND.code) return { kind: 'not-found' };
    throw err;
  }
}

/** The payment page's sentence about the order, true to whatever the box below it shows. */
export function describeOrderPayment(
  orderID: number,
  { status, data }: { status: AsyncStatus; data: OrderPayment | null },
): string {
  if (!data) {
    return status === 'failed'
      ? `We could not check whether order ${orderReference(orderID)} still waits for payment.`
      : `Checking order ${orderReference(orderID)}…`;
  }
  if (data.kind === 'owing') {
    return `Order ${orderReference(orderID)} is placed and waits for payment: pay by ${formatDateTime(data.methods.payBy)}, or it is cancelled.`;
  }
  if (data.kind === 'capture-pending') {
    return `Order ${orderReference(orderID)} waits for ${providerNames[data.pendingWith]} to confirm your payment.`;
  }
  if (data.kind === 'settled') return `Order ${orderReference(orderID)} has nothing left to pay.`;
  if (data.kind === 'pay-by-passed' && data.pendingWith) {
    return `The time to pay order ${orderReference(orderID)} has ended, but we are waiting for ${providerNames[data.pendingWith]} to confirm a payment started before then: if it goes through, the order is yours; if not, it is cancelled and you are not charged.`;
  }
  if (data.kind === 'pay-by-passed') {
    return `The time to pay order ${orderReference(orderID)} has ended: it is being cancelled and its items go back on the shelf.`;
  }
  return `Order ${orderReference(orderID)} is not one of your orders.`;
}
