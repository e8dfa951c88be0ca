import { Card, Empty, List, Pagination, Skeleton, Typography } from 'antd';
import type { OrderStatus, OrderSummary } from '@storefront/contract/order';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BuyAgainButton } from '../components/buy-again-button';
import { LoadFailed } from '../../../components/load-failed';
import { formatMoney } from '../../../lib/money';
import { useRemoteData } from '../../../lib/use-remote-data';
import { fetchOrderStat, listOrders } from '../api';
import { OrderStatusTag } from '../components/order-status-tag';
import { orderCardAmount } from '../order-card-amount';
import { formatOrderDay, orderStatusLabels, orderStatusOrder } from '../order-status';
import { ButtonLink } from '../../../components/button-link';
import '../order.css';
import { orderReference } from '@storefront/contract/order-reference';

const PAGE_SIZE = 10;
type Filter = OrderStatus | 'all';

function readFilter(value: string | null): Filter {
  return orderStatusOrder.find((s) => s === value) ?? 'all';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** What the card says of money: the total, or what is left to pay of an order store credit paid part of. */
function OrderCardAmount({ order }: { order: OrderSummary }) {
  const amount = orderCardAmount(order);
  if (amount.kind === 'total') {
    return (
      <Typography.Text strong data-testid="order-card-total">
        {formatMoney(amount.total)}
      </Typography.Text>
    );
  }
  return (
    <>
      <Typography.Text strong data-testid="order-card-to-pay">
        To pay {formatMoney(amount.toPay)}
      </Typography.Text>
      <Typography.Text type="secondary" data-testid="order-card-total">
        of {formatMoney(amount.total)} total
      </Typography.Text>
    </>
  );
}

/** The tab and page live in the address (?status=&page=), so reload, Back and a shared link keep them. */
export function OrdersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readFilter(searchParams.get('status'));
  const page = readPage(searchParams.get('page'));
  const showPage = (next: number) => {
    const params = new URLSearchParams();
    if (filter !== 'all') params.set('status', filter);
    if (next > 1) params.set('page', String(next));
    setSearchParams(params);
  };
  const stat = useRemoteData(fetchOrderStat);
  const loadOrders = useCallback(
    () => listOrders({ page, pageSize: PAGE_SIZE, ...(filter === 'all' ? {} : { status: [filter] }) }),
    [filter, page],
  );
  const orders = useRemoteData(loadOrders);

  const tabs = [
    { key: 'all', label: `All${stat.data ? ` (${stat.data.total})` : ''}` },
    ...orderStatusOrder.map((s) => ({
      key: s,
      label: `${orderStatusLabels[s]}${stat.data ? ` (${stat.data.counts[s]})` : ''}`,
    })),
  ];

  return (
    <Card data-testid="orders-page">
      {/* Links, not Ant Design's tabs: each status is an address, and on a phone every one stays in sight. */}
      <nav className="tabs order-tabs" aria-label="Orders by status" data-testid="orders-tabs">
        {tabs.map((t) => (
          <Link
            key={t.key}
            to={t.key === 'all' ? '/account/orders' : `/account/orders?status=${t.key}`}
            className={`tabs__tab${t.key === filter ? ' tabs__tab--active' : ''}`}
            aria-current={t.key === filter ? 'page' : undefined}
            data-testid={`orders-tab-${t.key}`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {orders.status === 'failed' ? (
        <LoadFailed
          title="Your orders could not be loaded"
          error={orders.error}
          onRetry={orders.reload}
          testId="orders-error"
        />
      ) : !orders.data || orders.status === 'loading' ? (
        <Skeleton active paragraph={{ rows: 6 }} data-testid="orders-loading" />
      ) : orders.data.total === 0 ? (
        <Empty
          description={filter === 'all' ? 'You have not placed any orders yet' : 'No orders with this status'}
          data-testid="orders-empty"
        >
          <ButtonLink to="/shop" type="primary" data-testid="orders-empty-shop">
            Start shopping
          </ButtonLink>
        </Empty>
      ) : (
        <>
          <List
            dataSource={orders.data.list}
            rowKey="orderID"
            data-testid="orders-list"
            renderItem={(order) => (
              <List.Item className="order-card" data-testid="order-card">
                <Link
                  to={`/account/orders/${order.orderID}`}
                  className="order-card__link"
                  data-testid={`order-open-${order.orderID}`}
                >
                  <div className="order-card__head">
                    <Typography.Text strong>Order {orderReference(order.orderID)}</Typography.Text>
                    <OrderStatusTag status={order.status} />
                  </div>
                  <div className="order-card__body">
                    <div className="order-card__images">
                      {order.preview.map((p) => (
                        <img key={p.productID} src={p.imageUrl} alt={p.name} title={p.name} />
                      ))}
                    </div>
                    <div className="order-card__meta">
                      <Typography.Text type="secondary">{formatOrderDay(order.createdAt)}</Typography.Text>
                      <Typography.Text type="secondary">
                        {order.itemCount} item{order.itemCount === 1 ? '' : 's'}
                      </Typography.Text>
                      <OrderCardAmount order={order} />
                    </div>
                  </div>
                  {/* Every name shown, on more lines if need be: an ellipsis cut them short at a larger text size. */}
                  <Typography.Text type="secondary" className="order-card__names">
                    {order.preview.map((p) => p.name).join(', ')}
                    {order.lineCount > order.preview.length
                      ? ` and ${order.lineCount - order.preview.length} more`
                      : ''}
                  </Typography.Text>
                </Link>
                <div className="order-card__actions">
                  <BuyAgainButton orderID={order.orderID} size="small" />
                </div>
              </List.Item>
            )}
          />
          {orders.data.total > PAGE_SIZE && (
            <Pagination
              className="order-pagination"
              style={{ marginTop: 16, textAlign: 'center' }}
              current={page}
              pageSize={PAGE_SIZE}
              total={orders.data.total}
              onChange={showPage}
              showSizeChanger={false}
              size="small"
              data-testid="orders-pagination"
            />
          )}
        </>
      )}
    </Card>
  );
}
