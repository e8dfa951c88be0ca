import { Alert, Steps } from 'antd';
import type { OrderDetail, OrderStatus } from '@storefront/contract/order';
import { refundNote } from '@storefront/contract/refund';
import { formatMoney } from '../../../lib/money';
import { useMediaQuery } from '../../../lib/use-media-query';
import { formatOrderDate, orderStatusLabels } from '../order-status';

/** The steps of a delivery window's order; a courier's is shipped where a van's is out for delivery. */
const byVan = ['pending_payment', 'paid', 'picking', 'packed', 'out_for_delivery', 'delivered'] as const;
const byCourier = ['pending_payment', 'paid', 'picking', 'packed', 'shipped', 'delivered'] as const;

/**
 * Narrower than this, the steps go down the page. In em, so a larger text size in the browser turns them too: side by
 * side at twice the size, in the account's column of a desktop, five steps broke their words a letter a line.
 */
const STEPS_DOWN = '(max-width: 47.99em)';

export function OrderTimeline({ order }: { order: OrderDetail }) {
  const isNarrow = useMediaQuery(STEPS_DOWN);
  if (order.status === 'cancelled') {
    return (
      <Alert
        type="info"
        showIcon
        title="This order was cancelled"
        description={cancelledNote(order)}
        data-testid="order-cancelled-note"
      />
    );
  }
  const timeline: readonly OrderStatus[] = order.deliveryWindow ? byVan : byCourier;
  const current = timeline.indexOf(order.status);
  // When each step was reached, from the order's history (its last time, should a step come twice).
  const reachedAt = new Map(order.history.map((m) => [m.status, m.at]));
  return (
    <Steps
      size="small"
      orientation={isNarrow ? 'vertical' : 'horizontal'}
      current={current}
      // A delivered order has nothing left to wait for: its last step is done, not in progress.
      status={order.status === 'delivered' ? 'finish' : 'process'}
      items={timeline.map((s) => {
        const at = reachedAt.get(s);
        return { title: orderStatusLabels[s], ...(at ? { description: formatOrderDate(at) } : {}) };
      })}
      data-testid="order-timeline"
    />
  );
}

/** When and why it was cancelled, and what went back, as its cancellation mail says. */
function cancelledNote({ cancelledAt, cancellation }: OrderDetail): string | undefined {
  const said = [
    cancelledAt ? `Cancelled ${formatOrderDate(cancelledAt)}.` : null,
    cancellation?.notPaidBy
      ? `It was not paid by ${formatOrderDate(cancellation.notPaidBy)}, so its items went back on the shelf.`
      : null,
    cancellation ? (refundNote(cancellation.refund, formatMoney) ?? 'Nothing was paid for it.') : null,
  ].filter((s) => s !== null);
  return said.length > 0 ? said.join(' ') : undefined;
}
