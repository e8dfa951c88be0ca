import { Alert, Steps } from 'antd';
import type { OrderDetail } from '@storefront/contract/order';
import { refundNote } from '@storefront/contract/refund';
import { formatMoney } from '../../../lib/money';
import { formatOrderDate, orderStatusLabels } from '../order-status';

const timeline = ['pending_payment', 'paid', 'processing', 'shipped', 'delivered'] as const;

export function OrderTimeline({ order }: { order: OrderDetail }) {
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
  const current = timeline.indexOf(order.status);
  return (
    <Steps
      size="small"
      responsive
      current={current}
      // A delivered order has nothing left to wait for: its last step is done, not in progress.
      status={order.status === 'delivered' ? 'finish' : 'process'}
      items={timeline.map((s) => ({ title: orderStatusLabels[s] }))}
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
