import { Card, Empty, Skeleton } from 'antd';
import type { OrderSummary } from '@storefront/contract/order';
import { ButtonLink } from '../../../components/button-link';
import { formatDateTime } from '../../../lib/date-time';
import { useRemoteData } from '../../../lib/use-remote-data';
import { listOrders } from '../api';
import '../order.css';
import { orderReference } from '@storefront/contract/order-reference';

/** An order placed this long ago or less explains an empty cart at checkout (another tab or device placed it). */
export const RECENT_ORDER_MINUTES = 30;

/** The customer's newest order when it was placed in the last `RECENT_ORDER_MINUTES`, else null. */
export async function findRecentOrder(now = Date.now()): Promise<OrderSummary | null> {
  const { list } = await listOrders({ page: 1, pageSize: 1 });
  const [newest] = list;
  if (!newest) return null;
  return now - Date.parse(newest.createdAt) <= RECENT_ORDER_MINUTES * 60_000 ? newest : null;
}

/**
 * An empty cart leads to the shop; a cart with nothing ticked, back to the cart. A cart emptied by an order just
 * placed (in another tab, or a second press in this one) names that order, so nobody wonders whether it went through.
 */
export function NothingToOrder({ isCartEmpty }: { isCartEmpty: boolean }) {
  return <Card>{isCartEmpty ? <EmptyCart /> : <NothingSelected />}</Card>;
}

function NothingSelected() {
  return (
    <Empty description="Nothing is selected in your cart" data-testid="checkout-empty">
      <ButtonLink to="/cart" type="primary" data-testid="checkout-back-to-cart">
        Back to cart
      </ButtonLink>
    </Empty>
  );
}

function EmptyCart() {
  const recent = useRemoteData(findRecentOrder);
  if (recent.status === 'idle' || recent.status === 'loading')
    return <Skeleton active title={false} paragraph={{ rows: 2 }} data-testid="checkout-empty-loading" />;
  // A failed read leaves only the empty cart to say: the order, if any, is on the orders page.
  const order = recent.data;
  if (!order) {
    return (
      <Empty description="Your cart is empty" data-testid="checkout-empty">
        <ButtonLink to="/shop" type="primary" data-testid="checkout-start-shopping">
          Start shopping
        </ButtonLink>
      </Empty>
    );
  }
  return (
    <Empty
      description={
        <>
          Your cart is empty: order {orderReference(order.orderID)} was placed at{' '}
          {formatDateTime(order.createdAt)}.
        </>
      }
      data-testid="checkout-empty"
    >
      <div className="checkout-empty__actions">
        <ButtonLink
          to={`/account/orders/${order.orderID}`}
          type="primary"
          data-testid="checkout-recent-order"
        >
          View order {orderReference(order.orderID)}
        </ButtonLink>
        <ButtonLink to="/shop" data-testid="checkout-start-shopping">
          Keep shopping
        </ButtonLink>
      </div>
    </Empty>
  );
}
