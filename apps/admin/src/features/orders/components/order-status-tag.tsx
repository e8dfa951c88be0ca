import { Tag } from 'antd';
import type { OrderStatus } from '@storefront/contract/order';
import { statusLabels } from '../order-status';

/** An order's status; its colours are the app's own (admin.css), each with text readable on its background. */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return (
    <Tag className={`order-status order-status--${status}`} data-testid="order-status" data-status={status}>
      {statusLabels[status]}
    </Tag>
  );
}
