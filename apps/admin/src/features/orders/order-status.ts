import type { OrderStatus } from '@storefront/contract/order';
import type { StaffRole } from '@storefront/contract/staff';

export const statusLabels: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  picking: 'Picking',
  packed: 'Packed',
  out_for_delivery: 'Out for delivery',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export type OrderAction = 'startPicking' | 'pack' | 'dispatch' | 'deliver' | 'cancel' | 'refund';

const packers: readonly StaffRole[] = ['owner', 'manager', 'picker'];
const managers: readonly StaffRole[] = ['owner', 'manager'];

/** The moves a role may make on an order in this state (the API's role table and the order's life, DESIGN 7b). */
export function actionsFor(role: StaffRole, status: OrderStatus, refundable: number): OrderAction[] {
  const actions: OrderAction[] = [];
  if (packers.includes(role)) {
    if (status === 'paid') actions.push('startPicking');
    if (status === 'picking') actions.push('pack');
  }
  if (managers.includes(role)) {
    if (status === 'packed') actions.push('dispatch');
    if (status === 'out_for_delivery' || status === 'shipped') actions.push('deliver');
    if (status === 'pending_payment' || status === 'paid' || status === 'picking') actions.push('cancel');
    const isPacked = ['packed', 'out_for_delivery', 'shipped', 'delivered'].includes(status);
    if (isPacked && refundable > 0) actions.push('refund');
  }
  return actions;
}
