import type { OrderSummary } from '@storefront/contract/order';

/**
 * The amount an order's card in the list leads with. An order awaiting payment that store credit paid part of: what
 * is left to pay (as its page's "To pay" row says), with the total beside it. Any other order: its total.
 */
export function orderCardAmount({
  status,
  totals,
}: Pick<OrderSummary, 'status' | 'totals'>):
  { kind: 'total'; total: number } | { kind: 'to-pay'; toPay: number; total: number } {
  return status === 'pending_payment' && totals.amountDue < totals.total
    ? { kind: 'to-pay', toPay: totals.amountDue, total: totals.total }
    : { kind: 'total', total: totals.total };
}
