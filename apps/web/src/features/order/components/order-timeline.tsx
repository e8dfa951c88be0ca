import { Alert, Steps } from 'antd';
import type { OrderDetail } from '@storefront/contract/order';
import { formatOrderDate, orderStatusLabels } from '../order-status';

const timeline = ['pending_payment', 'paid', 'processing', 'shipped', 'delivered'] as const;

export function OrderTimeline({ order }: { order: OrderDetail }) {
  if (order.status === 'cancelled') {
    return (
      <Alert
        type="info"
        showIcon
        message="This order was cancelled"
        description={order.cancelledAt ? `Cancelled ${formatOrderDate(order.cancelledAt)}.` : undefined}
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
