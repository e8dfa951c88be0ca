import { Tag } from 'antd';
import type { OrderStatus } from '@storefront/contract/order';
import { orderStatusColors, orderStatusLabels } from '../order-status';

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return (
    <Tag color={orderStatusColors[status]} data-testid="order-status">
      {orderStatusLabels[status]}
    </Tag>
  );
}
